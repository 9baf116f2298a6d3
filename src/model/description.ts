import type { JsonObject } from '../util/json.js';

/**
 * A typed view of an mcpdesc 0.8.0 document (spec §3–§17). Documents come from untrusted files, so
 * every type here is what a *valid* document holds; code reading a document that has not passed
 * validation must still check shapes at run time.
 */

export type SecurityRequirement = Record<string, string[]>;
export type SecurityRequirementArray = SecurityRequirement[];

export interface ReferenceObject {
  $componentRef: string;
}

export interface Scoped {
  protocolVersions?: string[];
}

export interface Info {
  name: string;
  version: string;
  title?: string;
  description?: string;
  [key: `x-${string}`]: unknown;
}

export interface Transport extends Scoped {
  type: 'stdio' | 'streamable-http' | 'sse' | string;
  url?: string;
  command?: string;
  args?: string[];
  env?: Record<string, string>;
  security?: SecurityRequirementArray;
  [key: `x-${string}`]: unknown;
}

export interface ElicitationDeclaration extends Scoped {
  name: string;
  mode: 'form' | 'url';
  message: string;
  requestedSchema?: JsonObject;
  url?: string;
  [key: `x-${string}`]: unknown;
}

export interface PrimitiveCommon extends Scoped {
  title?: string;
  description?: string;
  tags?: string[];
  deprecated?: boolean;
  security?: SecurityRequirementArray;
  clientRequirements?: JsonObject;
  elicitations?: ElicitationDeclaration[];
  examples?: Record<string, JsonObject>;
  _meta?: JsonObject;
  [key: `x-${string}`]: unknown;
}

export interface Tool extends PrimitiveCommon {
  name: string;
  inputSchema: JsonObject;
  outputSchema?: JsonObject;
  annotations?: JsonObject;
  execution?: { taskSupport?: 'forbidden' | 'optional' | 'required' };
  interactionExamples?: Record<string, JsonObject>;
}

export interface Resource extends PrimitiveCommon {
  uri: string;
  name: string;
  mimeType?: string;
  size?: number;
}

export interface ResourceTemplate extends PrimitiveCommon {
  uriTemplate: string;
  name: string;
  mimeType?: string;
  completionExamples?: Record<string, JsonObject>;
}

export interface Prompt extends PrimitiveCommon {
  name: string;
  arguments?: Array<{ name: string; title?: string; description?: string; required?: boolean }>;
  completionExamples?: Record<string, JsonObject>;
}

export interface Description {
  $schema?: string;
  mcpdesc: string;
  info: Info;
  protocolVersions: string[];
  instructions?: string;
  transports?: Transport[];
  securitySchemes?: Record<string, JsonObject>;
  security?: SecurityRequirementArray;
  components?: JsonObject;
  capabilities?: Array<JsonObject & Scoped>;
  tools?: Tool[];
  resources?: Resource[];
  resourceTemplates?: ResourceTemplate[];
  prompts?: Prompt[];
  tags?: Array<{ name: string; description?: string }>;
  [key: `x-${string}`]: unknown;
}
