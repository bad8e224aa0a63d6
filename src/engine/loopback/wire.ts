/**
 * The vendors' wire formats, as their API references give them, for the loopback
 * model server: how each one carries the prompt in, and the answer, usage and errors out.
 */

export type Wire = 'openai_responses' | 'chat_completions' | 'mistral_chat' | 'anthropic_messages' | 'google_generate';

export interface Usage {
  input: number;
  output: number;
}

/** Which wire a request path speaks. */
export function wireOf(path: string): Wire | null {
  if (path.endsWith('/responses')) return 'openai_responses';
  if (path.endsWith('/chat/completions')) return path.includes('/mistral') ? 'mistral_chat' : 'chat_completions';
  if (path.endsWith('/messages')) return 'anthropic_messages';
  if (/\/models\/[^/]+:generateContent$/.test(path)) return 'google_generate';
  return null;
}

export function modelOf(wire: Wire, path: string, body: Record<string, unknown>): string {
  if (wire === 'google_generate') return decodeURIComponent(/\/models\/([^/:]+):generateContent$/.exec(path)?.[1] ?? '');
  return String(body.model ?? '');
}

/** Every string in a request body, so the prompt is found whatever nesting the vendor uses. */
export function stringsIn(v: unknown, out: string[] = []): string[] {
  if (typeof v === 'string') out.push(v);
  else if (Array.isArray(v)) for (const x of v) stringsIn(x, out);
  else if (v && typeof v === 'object') for (const x of Object.values(v)) stringsIn(x, out);
  return out;
}

/** Anthropic's JSON-tool mode: the answer must come back as that tool's input. */
function anthropicJsonTool(body: Record<string, unknown>): string | null {
  const tools = body.tools as Array<{ name?: string }> | undefined;
  const choice = body.tool_choice as { type?: string; name?: string } | undefined;
  if (!tools?.length || choice?.type !== 'tool') return null;
  return choice.name ?? tools[0]?.name ?? null;
}

/** A successful answer carrying `text` as the model's output. */
export function answer(wire: Wire, model: string, text: string, usage: Usage, body: Record<string, unknown>, n: number): unknown {
  const created = Math.floor(Date.now() / 1000);
  switch (wire) {
    case 'openai_responses':
      return {
        id: `resp_${n}`,
        object: 'response',
        created_at: created,
        status: 'completed',
        model,
        output: [{ type: 'message', id: `msg_${n}`, status: 'completed', role: 'assistant', content: [{ type: 'output_text', text, annotations: [] }] }],
        usage: {
          input_tokens: usage.input,
          input_tokens_details: { cached_tokens: 0 },
          output_tokens: usage.output,
          output_tokens_details: { reasoning_tokens: 0 },
          total_tokens: usage.input + usage.output,
        },
      };
    case 'chat_completions':
    case 'mistral_chat':
      return {
        id: `chatcmpl-${n}`,
        object: 'chat.completion',
        created,
        model,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
        usage: { prompt_tokens: usage.input, completion_tokens: usage.output, total_tokens: usage.input + usage.output },
      };
    case 'anthropic_messages': {
      const tool = anthropicJsonTool(body);
      let content: unknown[] = [{ type: 'text', text }];
      if (tool) {
        try {
          content = [{ type: 'tool_use', id: `toolu_${n}`, name: tool, input: JSON.parse(text) }];
        } catch {
          // Unparseable output stays text: the SDK then reports it as unusable.
        }
      }
      return {
        id: `msg_${n}`,
        type: 'message',
        role: 'assistant',
        model,
        content,
        stop_reason: tool ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: usage.input, output_tokens: usage.output },
      };
    }
    case 'google_generate':
      return {
        candidates: [{ content: { parts: [{ text }], role: 'model' }, finishReason: 'STOP', index: 0 }],
        usageMetadata: { promptTokenCount: usage.input, candidatesTokenCount: usage.output, totalTokenCount: usage.input + usage.output },
        modelVersion: model,
      };
  }
}

/** An error body in the vendor's own shape. */
export function failure(wire: Wire, status: number, message: string): unknown {
  const kind = status === 429 ? 'rate_limit_error' : status >= 500 ? 'server_error' : 'invalid_request_error';
  switch (wire) {
    case 'openai_responses':
    case 'chat_completions':
      return { error: { message, type: kind, param: null, code: status === 429 ? 'rate_limit_exceeded' : null } };
    case 'mistral_chat':
      return { object: 'error', message, type: kind, param: null, code: null };
    case 'anthropic_messages':
      return { type: 'error', error: { type: status === 429 ? 'rate_limit_error' : status >= 500 ? 'api_error' : 'invalid_request_error', message } };
    case 'google_generate':
      return { error: { code: status, message, status: status === 429 ? 'RESOURCE_EXHAUSTED' : status >= 500 ? 'INTERNAL' : 'INVALID_ARGUMENT' } };
  }
}
