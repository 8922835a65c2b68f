import { BodenError } from './boden-error.js';

const marker = 'boden.error.chart-render';
const symbol = Symbol.for(marker);

/** A chart that Vega-Lite or Vega could not render; names the chart by its title and says why. */
export class ChartRenderError extends BodenError {
  private readonly [symbol] = true;
  /** The chart's title, or `(untitled chart)`. */
  readonly chartTitle: string;
  /** What went wrong, without the title. */
  readonly reason: string;

  constructor(options: { chartTitle: string; reason: string; cause?: unknown }) {
    super({ name: 'BodenChartRenderError', message: `chart "${options.chartTitle}": ${options.reason}`, cause: options.cause });
    this.chartTitle = options.chartTitle;
    this.reason = options.reason;
  }

  /** True when `error` is a `ChartRenderError`. */
  static override isInstance(error: unknown): error is ChartRenderError {
    return BodenError.hasMarker(error, marker);
  }
}
