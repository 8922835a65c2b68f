import { parse, resetSVGDefIds, View, type Loader, type ViewOptions } from 'vega';
import { compile, type TopLevelSpec } from 'vega-lite';
import { ChartRenderError } from '../errors/chart-render-error.js';

/** A Vega-Lite specification with its data inline (`data.values`), as the chart builders return. */
export type ChartSpec = TopLevelSpec;

/** Options of `renderChartSvg`. */
export interface RenderChartSvgOptions {
  /**
   * Prepended to every `id` the SVG defines (clip paths, gradients) and to its references, so several charts can
   * share one HTML document: Vega numbers them from 1 in every chart.
   */
  readonly idPrefix?: string;
  /** Receives Vega-Lite's and Vega's warnings (e.g. a dropped encoding); they are ignored by default. */
  readonly onWarning?: (message: string) => void;
}

/**
 * Renders a Vega-Lite spec to an SVG string: compiled with Vega-Lite, run by a headless Vega view. Offline and
 * deterministic: the view's loader refuses every URL and file, so a spec must carry its data in `data.values`,
 * and Vega's clip and gradient ids restart for every chart. Throws a `ChartRenderError` naming the chart's title
 * when compiling or rendering fails, when Vega reports an error, or when the spec asks to load anything.
 */
export async function renderChartSvg(spec: ChartSpec | object, options: RenderChartSvgOptions = {}): Promise<string> {
  const chartTitle = titleOf(spec);
  const errors: string[] = [];
  const logger = collectingLogger(errors, options.onWarning ?? (() => {}));
  let view: View | undefined;
  try {
    const compiled = compile(spec as ChartSpec, { logger }).spec;
    view = new View(parse(compiled), { renderer: 'none', loader: offlineLoader(errors), logger });
    // Vega keeps global counters for these ids; restarting them keeps one spec's SVG byte-identical across calls.
    resetSVGDefIds();
    const svg = await view.toSVG();
    if (errors.length > 0) throw new Error(errors.join('; '));
    return options.idPrefix ? prefixIds(svg, options.idPrefix) : svg;
  } catch (error) {
    const reason = errors.length > 0 ? errors.join('; ') : error instanceof Error ? error.message : String(error);
    throw new ChartRenderError({ chartTitle, reason, cause: error });
  } finally {
    view?.finalize();
  }
}

/** The chart's title for error messages: Vega-Lite's `title` as a string, `{ text }` or lines of text. */
function titleOf(spec: object): string {
  const title: unknown = (spec as { title?: unknown }).title;
  const text: unknown = typeof title === 'object' && title !== null ? (title as { text?: unknown }).text : title;
  if (typeof text === 'string' && text !== '') return text;
  if (Array.isArray(text) && text.length > 0) return text.map(String).join(' ');
  return '(untitled chart)';
}

/** A loader that fails every request, and records it, so nothing a spec names is ever fetched or read. */
function offlineLoader(errors: string[]): Loader {
  const refuse = (what: string) => (uri: string) => {
    const message = `the spec asks to ${what} ${uri}; charts are rendered offline, give the data inline as data.values`;
    errors.push(message);
    return Promise.reject(new Error(message));
  };
  return { load: refuse('load'), sanitize: refuse('load'), http: refuse('fetch'), file: refuse('read') };
}

/** Vega's logger interface (the same one Vega-Lite's `compile` takes). */
type VegaLogger = NonNullable<ViewOptions['logger']>;

/**
 * A Vega logger that keeps errors (they fail the render) and passes warnings on; info and debug are dropped.
 * Closures, not a class: Vega calls the methods detached from the logger.
 */
function collectingLogger(errors: string[], onWarning: (message: string) => void): VegaLogger {
  let level = 2; // Vega's `Warn`.
  const logger: VegaLogger = {
    level: (value?: number) => {
      if (value === undefined) return level;
      level = value;
      return logger;
    },
    error: (...args: unknown[]) => {
      errors.push(messageOf(args));
      return logger;
    },
    warn: (...args: unknown[]) => {
      onWarning(messageOf(args));
      return logger;
    },
    info: () => logger,
    debug: () => logger,
  };
  return logger;
}

function messageOf(args: readonly unknown[]): string {
  return args.map((arg) => (arg instanceof Error ? arg.message : String(arg))).join(' ');
}

/** Rewrites every `id="x"` and its references (`url(#x)`, `href="#x"`) to `<prefix>x`. */
function prefixIds(svg: string, prefix: string): string {
  const ids = new Set([...svg.matchAll(/\bid="([^"]+)"/g)].map((match) => match[1]!));
  if (ids.size === 0) return svg;
  return svg
    .replace(/\bid="([^"]+)"/g, (_, id: string) => `id="${prefix}${id}"`)
    .replace(/url\(#([^)]+)\)/g, (whole, id: string) => (ids.has(id) ? `url(#${prefix}${id})` : whole))
    .replace(/href="#([^"]+)"/g, (whole, id: string) => (ids.has(id) ? `href="#${prefix}${id}"` : whole));
}
