/**
 * Topics the offline engine recognises in talks and bios. The label is what a draft
 * may say ("your work on observability"); the phrases are what counts as evidence.
 */
import { buildMatcher } from './matcher.js';

const THEMES: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['AI and machine learning', ['machine learning', 'artificial intelligence', 'ai', 'ml', 'deep learning', 'neural network', 'neural networks', 'mlops', 'computer vision', 'nlp', 'natural language processing']],
  ['LLMs', ['llm', 'llms', 'large language model', 'large language models', 'generative ai', 'genai', 'gpt', 'chatgpt', 'rag', 'retrieval augmented generation', 'prompt engineering', 'ai agents']],
  ['Kubernetes', ['kubernetes', 'k8s', 'helm', 'openshift']],
  ['observability', ['observability', 'opentelemetry', 'monitoring', 'tracing', 'distributed tracing', 'telemetry', 'prometheus', 'grafana']],
  ['site reliability', ['sre', 'site reliability', 'reliability engineering', 'incident response', 'incident management', 'on-call', 'chaos engineering', 'postmortems']],
  ['platform engineering', ['platform engineering', 'internal developer platform', 'developer platform', 'platform team', 'backstage']],
  ['developer experience', ['developer experience', 'devex', 'developer productivity', 'inner source', 'innersource']],
  ['DevOps', ['devops', 'ci/cd', 'continuous integration', 'continuous delivery', 'continuous deployment', 'gitops', 'infrastructure as code', 'terraform', 'ansible']],
  ['security', ['security', 'devsecops', 'appsec', 'application security', 'zero trust', 'threat modeling', 'threat modelling', 'supply chain security', 'cybersecurity', 'penetration testing', 'vulnerabilities']],
  ['data engineering', ['data engineering', 'data pipeline', 'data pipelines', 'etl', 'data platform', 'data warehouse', 'lakehouse', 'data lake', 'apache spark', 'spark', 'kafka', 'stream processing', 'dbt', 'analytics engineering']],
  ['databases', ['database', 'databases', 'postgres', 'postgresql', 'mysql', 'sql', 'nosql', 'mongodb', 'redis', 'cassandra', 'sqlite']],
  ['cloud infrastructure', ['cloud', 'aws', 'azure', 'gcp', 'google cloud', 'cloud native', 'cloud-native', 'multi-cloud', 'infrastructure']],
  ['serverless', ['serverless', 'lambda', 'azure functions', 'cloud functions', 'faas']],
  ['distributed systems', ['distributed systems', 'microservices', 'microservice', 'service mesh', 'event-driven', 'event driven', 'event sourcing', 'message queues']],
  ['APIs', ['api', 'apis', 'graphql', 'grpc', 'rest api', 'rest apis', 'openapi', 'api design']],
  ['frontend development', ['frontend', 'front-end', 'react', 'angular', 'vue', 'svelte', 'javascript', 'typescript', 'css', 'web components', 'next.js', 'web performance']],
  ['mobile development', ['mobile', 'android', 'ios', 'flutter', 'react native', 'kotlin', 'swiftui', 'mobile apps']],
  ['.NET', ['.net', 'dotnet', 'c#', 'blazor', 'asp.net', 'f#']],
  ['Java', ['java', 'jvm', 'spring boot', 'spring framework', 'quarkus', 'scala']],
  ['Python', ['python', 'django', 'flask', 'fastapi', 'pandas']],
  ['Rust', ['rust', 'rustlang']],
  ['Go', ['golang', 'go language']],
  ['Julia', ['julialang', 'julia language', 'juliacon']],
  ['WebAssembly', ['webassembly', 'wasm']],
  ['testing', ['testing', 'test automation', 'tdd', 'test-driven', 'quality assurance', 'unit tests', 'end-to-end tests', 'e2e testing']],
  ['accessibility', ['accessibility', 'a11y', 'inclusive design']],
  ['open source', ['open source', 'open-source', 'oss', 'foss', 'maintainer', 'maintainers']],
  ['engineering leadership', ['engineering leadership', 'leadership', 'engineering management', 'engineering managers', 'team culture', 'hiring', 'mentoring', 'career growth', 'scaling teams', 'remote teams']],
  ['product management', ['product management', 'product strategy', 'product discovery', 'roadmap', 'product-led', 'product led growth']],
  ['design', ['design systems', 'design system', 'ux', 'user experience', 'ui design', 'user research', 'interaction design']],
  ['performance', ['performance', 'latency', 'scalability', 'scaling', 'high availability', 'optimization']],
  ['privacy', ['privacy', 'gdpr', 'data protection']],
  ['IoT and embedded', ['iot', 'internet of things', 'embedded', 'firmware', 'edge computing', 'robotics']],
  ['web3', ['blockchain', 'web3', 'smart contracts', 'ethereum']],
  ['game development', ['game development', 'gamedev', 'unity', 'unreal engine', 'game engine']],
  ['software architecture', ['software architecture', 'architecture', 'domain-driven design', 'ddd', 'clean code', 'refactoring', 'legacy code', 'technical debt', 'monolith']],
  ['agile', ['agile', 'scrum', 'kanban', 'lean software']],
  ['scientific computing', ['scientific computing', 'hpc', 'high performance computing', 'numerical', 'simulation', 'differential equations', 'bioinformatics']],
];

export const THEME_MATCHER = buildMatcher(THEMES);
