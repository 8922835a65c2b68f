import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A running silent server. */
export interface SilentServer {
  /** Base URL to give an OpenAI client, ending in `/v1`. */
  readonly baseURL: string;
  /** The request lines received so far, e.g. `POST /v1/chat/completions` (never answered). */
  readonly requests: readonly string[];
  /** Stops the server, cutting every open connection. */
  close(): Promise<void>;
}

/**
 * A TCP server on 127.0.0.1 (a free port) that accepts every connection and never sends a byte: an LLM server that
 * hangs after accepting (a stuck process, a full queue in front of it). Unlike the fake OpenAI server's `holdAll`, it
 * speaks no HTTP at all; it only notes each request's first line, so a test can count what was asked.
 */
export async function startSilentServer(): Promise<SilentServer> {
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  const server = createServer((socket) => {
    sockets.add(socket);
    // Keep-alive could carry several requests on one socket, but a client waits for an answer before the next.
    socket.once('data', (chunk: Buffer) => {
      const [method, path] = chunk.toString('latin1').split('\r\n', 1)[0]!.split(' ');
      requests.push(`${method} ${path}`);
    });
    socket.on('close', () => sockets.delete(socket));
    // A client that gives up resets the connection: that is its business, not an error of the test.
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const socket of sockets) socket.destroy();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
