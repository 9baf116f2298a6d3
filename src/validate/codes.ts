/**
 * THE closed registry of `mcpdesc validate` diagnostic codes. Codes are the reference validator's
 * (`@mcpdesc/validator`, 0.8.0-rc.1 / draft.2 snapshots) wherever one exists, so users can search for
 * them; `source: 'toolkit'` marks the codes this toolkit adds. docs/validate.md's code table is
 * generated from this object (`npm run build && node scripts/gen-validate-docs.mjs` is not needed:
 * the test in test/validate/codes.test.ts renders the table and compares).
 */

export type ValidateSeverity = 'error' | 'warning';

export interface CodeInfo {
  severity: ValidateSeverity;
  /** Spec area (one semantic module per area). */
  area: string;
  description: string;
  source: 'reference' | 'toolkit';
}

const r = (severity: ValidateSeverity, area: string, description: string): CodeInfo => ({
  severity,
  area,
  description,
  source: 'reference',
});
const t = (severity: ValidateSeverity, area: string, description: string): CodeInfo => ({
  severity,
  area,
  description,
  source: 'toolkit',
});

export const CODES = {
  // structural (JSON Schema)
  'schema-validation': r(
    'error',
    'structure',
    'The document does not validate against the mcpdesc 0.8.0 JSON Schema.',
  ),
  'unknown-property': t(
    'error',
    'structure',
    'A property that is not defined (and not an eligible `x-*` extension) on a closed object (§3.8, §14).',
  ),
  'empty-collection': t(
    'error',
    'structure',
    'An ordinary declaration collection is present but empty (§3.3).',
  ),
  'unsupported-protocol-version': t(
    'error',
    'structure',
    'A `protocolVersions` value outside the closed 0.8.0 set of MCP revisions (§4.9).',
  ),
  'invalid-extension-identifier': t(
    'error',
    'extensions',
    'An `extensions` key is not a `prefix/name` extension identifier (§8.4).',
  ),
  // components
  'missing-component-reference-target': r(
    'error',
    'components',
    'A `$componentRef` targets a component that does not exist.',
  ),
  'wrong-component-reference-namespace': r(
    'error',
    'components',
    'A `$componentRef` targets a component namespace that the use site does not accept.',
  ),
  'component-reference-cycle': r('error', 'components', 'Component references form a cycle.'),
  // scopes
  'protocol-scope-outside-parent': r(
    'error',
    'scopes',
    'A declared `protocolVersions` includes a revision outside its parent scope (root or containing primitive).',
  ),
  'transport-coverage-gap': r(
    'error',
    'scopes',
    'A root protocol revision is not covered by any transport (§6.5).',
  ),
  'primitive-scope-overlap': r(
    'error',
    'scopes',
    'Two declarations with the same identity key (Tool/Prompt name, Resource uri, Template uriTemplate) overlap in scope.',
  ),
  'capability-scope-overlap': r(
    'error',
    'scopes',
    'Two Capabilities Objects apply to the same revision (§8.6).',
  ),
  // revisions
  'legacy-protocol-validation-incomplete': r(
    'warning',
    'revisions',
    'The document covers 2024-11-05 or 2025-03-26, for which complete semantic validation is not defined (§16.2).',
  ),
  'field-not-supported-by-version': r(
    'error',
    'revisions',
    'A field is used under a protocol revision that does not define it (feature × revision matrix).',
  ),
  'transport-not-supported-by-version': r(
    'error',
    'revisions',
    'Streamable HTTP is associated with MCP 2024-11-05.',
  ),
  'legacy-sse-for-modern-version': r(
    'warning',
    'revisions',
    'The legacy SSE transport is associated with MCP 2025-03-26 or later.',
  ),
  'resource-annotation-not-supported-by-version': r(
    'error',
    'revisions',
    'Resource annotation `lastModified` is used before MCP 2025-06-18.',
  ),
  'tasks-core-not-valid-in-2026': r(
    'error',
    'revisions',
    'Core `capabilities.tasks` applies to MCP 2026-07-28.',
  ),
  'extensions-not-supported-by-version': r(
    'warning',
    'revisions',
    'Pre-standard `capabilities.extensions` applies to a revision before 2026-07-28 (accepted and preserved, §8.4).',
  ),
  'logging-deprecated-in-2026': r(
    'warning',
    'revisions',
    '`capabilities.logging` applies to MCP 2026-07-28, where it is deprecated.',
  ),
  // values
  'integer-precision-loss': t(
    'warning',
    'values',
    'An integer beyond ±2^53: readers that decode numbers as doubles may see a different value (§15.6).',
  ),
  // extensions
  'unknown-reserved-extension-identifier': r(
    'warning',
    'extensions',
    'An extension identifier under an MCP-reserved prefix is not in the validator catalogue.',
  ),
  // security
  'unknown-security-scheme': r(
    'error',
    'security',
    'A security requirement names a scheme missing from `securitySchemes`.',
  ),
  'duplicate-security-scope': r('error', 'security', 'A security requirement lists the same scope twice.'),
  'non-oauth-scope-misuse': r(
    'error',
    'security',
    'An `http` or `apiKey` requirement lists scopes (it must use `[]`).',
  ),
  'uncatalogued-oauth-scope': r(
    'warning',
    'security',
    'An OAuth2/OpenID Connect scope is not in the scheme’s static scope catalogue.',
  ),
  // tags
  'duplicate-root-tag': r('error', 'tags', 'Two root tags have the same name.'),
  'unknown-tag-reference': r(
    'error',
    'tags',
    'A primitive references a tag missing from the root catalogue.',
  ),
  // _meta
  'meta-key-invalid': r('error', 'meta', 'A `_meta` key does not match the MCP `_meta` key grammar.'),
  'meta-reserved-key-context': r(
    'error',
    'meta',
    'A reserved `_meta` key is used in a context where the revision does not define it.',
  ),
  'meta-reserved-key-value': r('error', 'meta', 'A reserved `_meta` key has a value of the wrong shape.'),
  'meta-unknown-reserved-key': r(
    'warning',
    'meta',
    'A `_meta` key under an MCP-reserved prefix is not recognized.',
  ),
  // tool schemas
  'invalid-x-mcp-header': r('error', 'tool-schemas', '`x-mcp-header` has an invalid value or placement.'),
  'duplicate-x-mcp-header': r(
    'error',
    'tool-schemas',
    'Two `x-mcp-header` values are equal case-insensitively.',
  ),
  'invalid-legacy-tool-schema-shape': r(
    'error',
    'tool-schemas',
    'A pre-2025-11-25 Tool schema has non-object `properties` values or a non-string-array `required`.',
  ),
  'unsupported-tool-schema-dialect': r(
    'error',
    'tool-schemas',
    'A Tool schema declares a JSON Schema dialect the validator does not support.',
  ),
  'invalid-tool-schema': r(
    'error',
    'tool-schemas',
    'A Tool schema is not valid under its declared or default dialect.',
  ),
  'unresolved-external-tool-schema-reference': r(
    'warning',
    'tool-schemas',
    'A Tool schema contains an external `$ref` that is never fetched: schema validation is incomplete.',
  ),
  // tool examples
  'tool-example-schema-mismatch': r(
    'error',
    'tool-examples',
    'An example `input` or `structuredContent` does not validate against the Tool schema.',
  ),
  'incomplete-tool-example-validation': r(
    'warning',
    'tool-examples',
    'Example/schema compatibility could not be checked completely (pre-dialect revision, external `$ref`, unsafe pattern, a schema too large to compile).',
  ),
  'tool-example-json-rpc-envelope': r(
    'error',
    'tool-examples',
    'A Tool example result contains JSON-RPC envelope fields.',
  ),
  'incomplete-tool-example-result': r(
    'error',
    'tool-examples',
    'A Tool example result contains task or input-required workflow fields.',
  ),
  'tool-example-result-version-mismatch': r(
    'error',
    'tool-examples',
    'A Tool example result shape is not valid for a revision in scope (`resultType`, `structuredContent`).',
  ),
  'tool-example-content-version-mismatch': r(
    'error',
    'tool-examples',
    'A content block form is not defined for a revision in scope.',
  ),
  'structured-tool-error-example': r(
    'error',
    'tool-examples',
    'An error result (`isError: true`) contains `structuredContent`.',
  ),
  'missing-tool-example-structured-content': r(
    'error',
    'tool-examples',
    'A successful result of a Tool with `outputSchema` lacks `structuredContent`.',
  ),
  // resource examples
  'resource-example-json-rpc-envelope': r(
    'error',
    'resource-examples',
    'A resource example result contains JSON-RPC envelope fields.',
  ),
  'incomplete-resource-example-result': r(
    'error',
    'resource-examples',
    'A resource example result contains task or input-required workflow fields.',
  ),
  'resource-example-result-version-mismatch': r(
    'error',
    'resource-examples',
    'A resource read result shape is not valid for a revision in scope.',
  ),
  'resource-example-cache-fields-version-mismatch': r(
    'error',
    'resource-examples',
    '`ttlMs`/`cacheScope` are missing in MCP 2026-07-28 or present before it.',
  ),
  'resource-example-content-version-mismatch': r(
    'error',
    'resource-examples',
    'Resource contents use `_meta` before MCP 2025-06-18.',
  ),
  'invalid-resource-example-base64': r('error', 'resource-examples', 'A `blob` is not canonical base64.'),
  'resource-example-mime-type-mismatch': r(
    'warning',
    'resource-examples',
    'The returned entry’s MIME type differs from the declaration’s.',
  ),
  'resource-example-size-mismatch': r(
    'warning',
    'resource-examples',
    'The returned entry’s byte length differs from the declared `size`.',
  ),
  'resource-example-requested-uri-not-returned': r(
    'warning',
    'resource-examples',
    'No `contents` entry returns the requested URI.',
  ),
  'resource-template-example-invalid-template': r(
    'error',
    'resource-examples',
    'The `uriTemplate` is not a valid RFC 6570 template.',
  ),
  'resource-template-example-invalid-expansion': r(
    'error',
    'resource-examples',
    'A Resource Template example `uri` is not an expansion of the template.',
  ),
  // prompt examples
  'prompt-example-unknown-argument': r(
    'error',
    'prompt-examples',
    'A Prompt example passes an undeclared argument.',
  ),
  'prompt-example-missing-required-argument': r(
    'error',
    'prompt-examples',
    'A Prompt example omits a required argument.',
  ),
  'prompt-example-json-rpc-envelope': r(
    'error',
    'prompt-examples',
    'A Prompt example result contains JSON-RPC envelope fields.',
  ),
  'incomplete-prompt-example-result': r(
    'error',
    'prompt-examples',
    'A Prompt example result contains task or input-required workflow fields.',
  ),
  'prompt-example-result-version-mismatch': r(
    'error',
    'prompt-examples',
    'A Prompt example result shape is not valid for a revision in scope.',
  ),
  'prompt-example-content-version-mismatch': r(
    'error',
    'prompt-examples',
    'A Prompt message content form is not defined for a revision in scope.',
  ),
  // completion examples
  'completion-example-json-rpc-envelope': r(
    'error',
    'completion-examples',
    'A completion example result contains JSON-RPC envelope fields.',
  ),
  'incomplete-completion-example-result': r(
    'error',
    'completion-examples',
    'A completion example result contains task or input-required workflow fields.',
  ),
  'completion-example-result-version-mismatch': r(
    'error',
    'completion-examples',
    'A completion example result shape is not valid for a revision in scope.',
  ),
  'completion-example-version-mismatch': r(
    'error',
    'completion-examples',
    'Completion examples apply to MCP 2024-11-05, which has no completion.',
  ),
  'completion-example-context-version-mismatch': r(
    'error',
    'completion-examples',
    'Completion `context` applies to MCP 2025-03-26.',
  ),
  'completion-example-duplicate-target-context': r(
    'error',
    'completion-examples',
    'The completed argument also appears in `context.arguments`.',
  ),
  'prompt-completion-example-unknown-argument': r(
    'error',
    'completion-examples',
    'The completed argument is not a declared Prompt argument.',
  ),
  'prompt-completion-example-context-unknown-argument': r(
    'error',
    'completion-examples',
    'A context argument is not a declared Prompt argument.',
  ),
  'resource-template-completion-example-unknown-variable': r(
    'error',
    'completion-examples',
    'The completed argument is not a variable of the `uriTemplate`.',
  ),
  'resource-template-completion-example-context-unknown-variable': r(
    'error',
    'completion-examples',
    'A context argument is not a variable of the `uriTemplate`.',
  ),
  'resource-template-completion-example-invalid-template': r(
    'error',
    'completion-examples',
    'The `uriTemplate` is not a valid RFC 6570 template, so completion arguments cannot be checked.',
  ),
  // interaction examples
  'interaction-example-version-mismatch': r(
    'error',
    'interactions',
    'An interaction step form is not defined for a revision in scope.',
  ),
  'unknown-elicitation-declaration': r(
    'error',
    'interactions',
    'A step `declaration` names no Elicitation Declaration of the Tool.',
  ),
  'interaction-example-elicitation-declaration-mismatch': r(
    'error',
    'interactions',
    'An elicitation step disagrees with its declaration (mode, schema or URL).',
  ),
  'interaction-example-elicitation-response-mismatch': r(
    'error',
    'interactions',
    'An elicitation response has content where none is allowed, or lacks it on a form accept.',
  ),
  'interaction-example-elicitation-content-schema-mismatch': r(
    'error',
    'interactions',
    'Accepted form content does not validate against the requested schema.',
  ),
  'interaction-example-roots-uri': r(
    'error',
    'interactions',
    'A roots response entry is not a `file://` URI.',
  ),
  'interaction-example-client-requirements-contradiction': r(
    'warning',
    'interactions',
    'A scenario uses a client capability that the Tool’s explicit `clientRequirements` do not declare.',
  ),
  // client requirements
  'client-requirement-version-mismatch': r(
    'error',
    'client-requirements',
    'A `clientRequirements` member is not defined for a revision in scope.',
  ),
  'invalid-client-requirement-value': r(
    'error',
    'client-requirements',
    'A client capability marker or setting is not an object (or `roots` is not empty in 2026).',
  ),
  'deprecated-client-requirement': r(
    'warning',
    'client-requirements',
    'A client requirement uses a capability deprecated in a revision in scope.',
  ),
  // elicitations
  'duplicate-elicitation-name': r(
    'error',
    'elicitations',
    'Two Elicitation Declarations of one primitive share a name.',
  ),
  'elicitation-mode-not-supported-by-version': r(
    'error',
    'elicitations',
    'URL-mode elicitation applies to MCP 2025-06-18.',
  ),
  'elicitation-form-schema-version-mismatch': r(
    'error',
    'elicitations',
    'A form schema feature (`$schema`, non-boolean default, titled/multi-select enum) applies to MCP 2025-06-18.',
  ),
  'elicitation-form-required-property-unknown': r(
    'error',
    'elicitations',
    'A form schema `required` entry names no declared property.',
  ),
  'elicitation-form-enum-names-mismatch': r(
    'error',
    'elicitations',
    '`enumNames` and `enum` have different lengths.',
  ),
  'elicitation-form-default-outside-enum': r(
    'error',
    'elicitations',
    'A form `default` is not one of the declared values.',
  ),
  'elicitation-form-invalid-range': r(
    'error',
    'elicitations',
    'A form property minimum exceeds its maximum.',
  ),
} as const satisfies Record<string, CodeInfo>;

export type ValidateCode = keyof typeof CODES;

export function isValidateCode(code: string): code is ValidateCode {
  return Object.hasOwn(CODES, code);
}

export function severityOf(code: ValidateCode): ValidateSeverity {
  return CODES[code].severity;
}
