import type { LanguageModel } from 'ai';
import type { ModelSettings, VendorId } from '../../model-settings.js';

/**
 * A factory of language models for one vendor, over the AI SDK's provider for it. Only
 * the named vendor's package is loaded, and only when a lane first calls it.
 */
export async function vendorModels(vendor: VendorId, settings: ModelSettings): Promise<(modelId: string) => LanguageModel> {
  const { apiKey, baseUrl } = settings.vendors[vendor];
  const base = baseUrl ? { baseURL: baseUrl } : {};
  switch (vendor) {
    case 'openai': {
      const p = (await import('@ai-sdk/openai')).createOpenAI({ apiKey, ...base });
      return (id) => p(id);
    }
    case 'xai': {
      const p = (await import('@ai-sdk/xai')).createXai({ apiKey, ...base });
      return (id) => p(id);
    }
    case 'anthropic': {
      const p = (await import('@ai-sdk/anthropic')).createAnthropic({ apiKey, ...base });
      return (id) => p(id);
    }
    case 'google': {
      const p = (await import('@ai-sdk/google')).createGoogleGenerativeAI({ apiKey, ...base });
      return (id) => p(id);
    }
    case 'mistral': {
      const p = (await import('@ai-sdk/mistral')).createMistral({ apiKey, ...base });
      return (id) => p(id);
    }
    case 'openai_compatible': {
      // Ollama, vLLM, LM Studio, OpenRouter and Groq accept json_schema response formats.
      const { createOpenAICompatible } = await import('@ai-sdk/openai-compatible');
      const p = createOpenAICompatible({ name: 'openai_compatible', baseURL: baseUrl ?? '', apiKey, supportsStructuredOutputs: true });
      return (id) => p(id);
    }
  }
}
