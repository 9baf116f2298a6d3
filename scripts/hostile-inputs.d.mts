// Types of scripts/hostile-inputs.mjs for the tests that import it.
export const EXPONENTIAL_PATTERN: string;
export const EXPONENTIAL_SUBJECT: string;
export function exponentialPatternDocument(variant?: number): string;
export function exponentialPatternSchemas(): [string, string];
export function refBombSchema(levels?: number, leaf?: Record<string, unknown>): Record<string, unknown>;
export function fanOutSchema(levels?: number, width?: number, leafType?: string): Record<string, unknown>;
export function refBombDocument(levels?: number, variant?: number): string;
export function refBombSchemas(levels?: number): [string, string];
export function aliasChainDocument(links?: number, variant?: number): string;
export function deepYamlDocument(depth?: number): string;
export function deepYamlSchema(depth?: number): string;
export const PROTOTYPE_NAMES: string[];
export function prototypeNamesDocument(variant?: number): string;
export const HOSTILE_FILE_NAMES: string[];
export function hostileDocuments(): [string, string][];
