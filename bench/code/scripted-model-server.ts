import Fastify from 'fastify';
import { createScriptedModel, type ScriptedWriterFactory } from './scripted-model.js';

/** A running scripted model: its OpenAI-compatible root (`…/v1`) and how to stop it. */
export interface ScriptedModelServer {
  readonly baseURL: string;
  /** The model name it answers as. */
  readonly model: string;
  close(): Promise<void>;
}

/**
 * Serves `createScriptedModel` on 127.0.0.1 as an OpenAI-compatible chat API (`POST /v1/chat/completions`,
 * `GET /v1/models`), so the code agent reaches it through the same client, timeouts and recordings as a real model.
 * Fastify, as `boden serve` uses; nothing leaves loopback.
 */
export async function startScriptedModelServer(
  writers: ScriptedWriterFactory,
  options: { readonly model?: string; readonly port?: number } = {},
): Promise<ScriptedModelServer> {
  const model = options.model ?? 'boden-scripted';
  const scripted = createScriptedModel(writers);
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
  let answered = 0;
  app.get('/v1/models', async () => ({ object: 'list', data: [{ id: model, object: 'model', owned_by: 'boden' }] }));
  app.post('/v1/chat/completions', async (request, reply) => {
    const body = request.body as { messages?: { role: string; content: unknown }[]; user?: string; seed?: number; model?: string };
    if (!Array.isArray(body?.messages))
      return reply.code(400).send({ error: { message: 'messages: expected an array', type: 'invalid_request_error' } });
    const messages = body.messages.map((message) => ({
      role: message.role,
      content: typeof message.content === 'string' ? message.content : JSON.stringify(message.content),
    }));
    const content = await scripted.answer({
      messages,
      ...(body.user === undefined ? {} : { user: body.user }),
      ...(typeof body.seed === 'number' ? { seed: body.seed } : {}),
    });
    answered += 1;
    const promptTokens = Math.ceil(messages.reduce((sum, message) => sum + message.content.length, 0) / 4);
    const completionTokens = Math.ceil(content.length / 4);
    return {
      id: `scripted-${answered}`,
      object: 'chat.completion',
      created: 0,
      model: body.model ?? model,
      choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    };
  });
  const address = await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  return { baseURL: `${address}/v1`, model, close: () => app.close() };
}
