import { createReadStream } from 'node:fs';
import { none } from 'stream-chain/defs.js';
import { jsonParser } from 'stream-json/core/parser.js';
import { EmptyTrajectoryError } from '../../src/errors/empty-trajectory-error.js';
import { InvalidFieldError } from '../../src/errors/invalid-field-error.js';
import { InvalidJsonError } from '../../src/errors/invalid-json-error.js';
import { NotATrajectoryError } from '../../src/errors/not-a-trajectory-error.js';
import { stripBom } from '../../src/text/strip-bom.js';

/** A journal's nodes (only the fields asked for) and its parent map, read without holding the whole file. */
export interface JsonJournal {
  readonly version: unknown;
  /** Each node with the fields asked for, and its JSON path for error messages. */
  readonly nodes: { readonly value: Record<string, unknown>; readonly location: string }[];
  /** The `node2parent` map, or undefined when the file has none. */
  readonly nodeToParent: Record<string, unknown> | undefined;
}

type Container = Record<string, unknown> | unknown[];
interface Frame {
  readonly container: Container;
  readonly path: string;
  key: string | null;
  nextIndex: number;
}

/**
 * Streams an AIDE-style `{"nodes": [...], "node2parent": {...}, "__version": ...}` journal token by token and
 * keeps only `nodeFields` of each node, so a large journal's terminal outputs, prompts and plot data are
 * never materialised. Errors name the file and the JSON path where parsing stopped.
 */
export async function readJsonJournal(file: string, nodeFields: ReadonlySet<string>): Promise<JsonJournal> {
  let root: unknown;
  try {
    root = await assemble(file, nodeFields, () => Number.POSITIVE_INFINITY);
  } catch (error) {
    if (!(error instanceof JournalSyntaxError)) throw error;
    throw await locateSyntaxError(file, nodeFields, error);
  }
  return toJournal(file, root);
}

// The tokenizer throws for a whole fed piece, losing the tokens before the fault. So the fast path feeds whole
// chunks; only after a failure is the file re-read in small pieces, then one character at a time around the
// failing piece, to name the exact JSON path.
async function locateSyntaxError(file: string, nodeFields: ReadonlySet<string>, first: JournalSyntaxError): Promise<InvalidJsonError> {
  const window = 1024;
  let failing = first;
  try {
    await assemble(file, nodeFields, () => window);
  } catch (error) {
    if (!(error instanceof JournalSyntaxError)) throw error;
    failing = error;
  }
  const start = failing.pieceOffset;
  try {
    await assemble(file, nodeFields, (offset) => (offset >= start && offset < start + window ? 1 : window));
  } catch (error) {
    if (!(error instanceof JournalSyntaxError)) throw error;
    failing = error;
  }
  return new InvalidJsonError({ file, location: failing.location, reason: failing.reason, cause: failing.cause });
}

class JournalSyntaxError extends Error {
  constructor(
    readonly location: string,
    readonly reason: string,
    readonly pieceOffset: number,
    override readonly cause: unknown,
  ) {
    super(reason);
  }
}

/** Feeds the file to the tokenizer in pieces of `pieceLength(offset)` characters and assembles the kept parts. */
async function assemble(file: string, nodeFields: ReadonlySet<string>, pieceLength: (offset: number) => number): Promise<unknown> {
  const parse = jsonParser({ streamValues: false });
  const stack: Frame[] = [];
  let root: unknown;
  let skipDepth = 0;
  let sawText = false;

  const childPath = (frame: Frame): string =>
    Array.isArray(frame.container) ? `${frame.path}[${frame.nextIndex}]` : `${frame.path}.${frame.key ?? '?'}`;
  // Keep the root's `nodes`, `node2parent` and `__version`, and within each node only the wanted fields.
  const keep = (depth: number, frame: Frame | undefined): boolean => {
    if (frame === undefined) return true;
    if (depth === 1) return frame.key === 'nodes' || frame.key === 'node2parent' || frame.key === '__version';
    if (depth === 3 && stack[1]?.path === '$.nodes') return nodeFields.has(frame.key ?? '');
    return true;
  };
  const place = (value: unknown): void => {
    const frame = stack[stack.length - 1];
    if (frame === undefined) {
      root = value;
      return;
    }
    if (Array.isArray(frame.container)) frame.container.push(value);
    else frame.container[frame.key ?? ''] = value;
  };
  const startValue = (token: { name: string; value?: unknown }): void => {
    const frame = stack[stack.length - 1];
    const isContainer = token.name === 'startObject' || token.name === 'startArray';
    if (skipDepth > 0) {
      if (isContainer) skipDepth += 1;
      return;
    }
    if (!keep(stack.length, frame)) {
      if (isContainer) skipDepth = 1;
      if (frame && Array.isArray(frame.container)) frame.nextIndex += 1;
      return;
    }
    const path = frame === undefined ? '$' : childPath(frame);
    if (frame && Array.isArray(frame.container)) frame.nextIndex += 1;
    if (isContainer) {
      const container: Container = token.name === 'startObject' ? {} : [];
      place(container);
      stack.push({ container, path, key: null, nextIndex: 0 });
      return;
    }
    place(token.name === 'numberValue' ? Number(token.value) : token.value);
  };
  const handle = (token: { name: string; value?: unknown }): void => {
    switch (token.name) {
      case 'keyValue':
        if (skipDepth === 0) stack[stack.length - 1]!.key = token.value as string;
        return;
      case 'endObject':
      case 'endArray':
        if (skipDepth > 0) skipDepth -= 1;
        else stack.pop();
        return;
      default:
        startValue(token);
    }
  };
  const location = (): string => {
    const frame = stack[stack.length - 1];
    return frame === undefined ? '$' : childPath(frame);
  };
  let offset = 0;
  const feed = (piece: string | typeof none): void => {
    let result;
    try {
      result = parse(piece as string);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const hint = /unexpected characters|expected a value|starting digit/.test(message)
        ? ' (NaN, Infinity and other non-JSON literals are not allowed; a metric must be a finite number or null)'
        : piece === none
          ? ' (the file ends early: truncated?)'
          : '';
      throw new JournalSyntaxError(location(), `invalid JSON: ${message}${hint}`, offset, error);
    }
    if (result === none) return;
    for (const token of (result as { values: { name: string; value?: unknown }[] }).values) handle(token);
  };

  try {
    for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 16 })) {
      // A UTF-8 BOM is not part of the JSON; offsets stay those of the file's characters after it.
      const text = offset === 0 && !sawText ? stripBom(chunk as string) : (chunk as string);
      if (!sawText && /\S/.test(text)) sawText = true;
      let position = 0;
      while (position < text.length) {
        const length = Math.min(text.length - position, pieceLength(offset));
        feed(position === 0 && length === text.length ? text : text.slice(position, position + length));
        position += length;
        offset += length;
      }
    }
  } catch (error) {
    const systemCode = (error as NodeJS.ErrnoException).code;
    if (systemCode === undefined) throw error;
    throw new NotATrajectoryError({ file, location: null, reason: `cannot read the file (${systemCode})`, cause: error });
  }
  if (!sawText) throw new EmptyTrajectoryError({ file, location: null, reason: 'the file is empty' });
  feed(none);
  return root;
}

function toJournal(file: string, root: unknown): JsonJournal {
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    throw new InvalidFieldError({ file, location: '$', reason: 'expected a JSON object with a "nodes" array' });
  }
  const document = root as Record<string, unknown>;
  if (!Array.isArray(document.nodes)) {
    throw new InvalidFieldError({ file, location: '$.nodes', reason: 'expected an array of nodes' });
  }
  const nodes = document.nodes.map((value, index) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      throw new InvalidFieldError({ file, location: `$.nodes[${index}]`, reason: 'expected a node object' });
    }
    return { value: value as Record<string, unknown>, location: `$.nodes[${index}]` };
  });
  const nodeToParent = document.node2parent;
  if (nodeToParent !== undefined && (nodeToParent === null || typeof nodeToParent !== 'object' || Array.isArray(nodeToParent))) {
    throw new InvalidFieldError({ file, location: '$.node2parent', reason: 'expected an object mapping child id to parent id' });
  }
  return { version: document.__version, nodes, nodeToParent: nodeToParent as Record<string, unknown> | undefined };
}
