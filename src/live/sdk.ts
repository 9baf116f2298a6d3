/**
 * The official MCP TypeScript SDK, loaded only by the commands that talk to a live server
 * (`dump`, `check`): it brings zod and its own modules, ≈ 100 ms of start every other command
 * would pay. Its CommonJS build is required, as src/util/lazy-modules.ts requires Ajv, so the
 * command line bundle (a CommonJS script) needs no ES module loader and never bundles it.
 */
import { createRequire } from 'node:module';

export type SdkClientModule = typeof import('@modelcontextprotocol/sdk/client/index.js');
export type SdkHttpModule = typeof import('@modelcontextprotocol/sdk/client/streamableHttp.js');
export type SdkStdioModule = typeof import('@modelcontextprotocol/sdk/shared/stdio.js');
export type SdkTypesModule = typeof import('@modelcontextprotocol/sdk/types.js');
export type SdkTransport = import('@modelcontextprotocol/sdk/shared/transport.js').Transport;
export type JsonRpcMessage = import('@modelcontextprotocol/sdk/types.js').JSONRPCMessage;

const requireHere = createRequire(import.meta.url);

export interface Sdk {
  client: SdkClientModule;
  http: SdkHttpModule;
  stdio: SdkStdioModule;
  types: SdkTypesModule;
}

let sdk: Sdk | undefined;

export function loadSdk(): Sdk {
  sdk ??= {
    client: requireHere('@modelcontextprotocol/sdk/client/index.js') as SdkClientModule,
    http: requireHere('@modelcontextprotocol/sdk/client/streamableHttp.js') as SdkHttpModule,
    stdio: requireHere('@modelcontextprotocol/sdk/shared/stdio.js') as SdkStdioModule,
    types: requireHere('@modelcontextprotocol/sdk/types.js') as SdkTypesModule,
  };
  return sdk;
}
