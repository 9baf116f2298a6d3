/**
 * The official mcpdesc 0.8.0 fixtures (../shared, beside the repository; skipped when absent).
 * Fixtures carry no expected codes; the table below names, for each invalid/warning fixture, the
 * codes it is about, written from reading the fixture and the spec. Every listed code must be
 * reported; valid fixtures must produce no diagnostic at all.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDocument } from '../../src/parse/index.js';
import { validateDocument } from '../../src/validate/index.js';
import { missing } from '../support/skips.js';

const ROOT = '../shared/conformance';
const FIXTURES = join(ROOT, 'mcpdesc-0.8.0');
const present = existsSync(FIXTURES);

const EXPECTED: Record<string, string[]> = {
  // expected-invalid
  'closed-protocol-enum.json': ['unsupported-protocol-version'],
  'component-contextual-examples.json': [
    'tool-example-schema-mismatch',
    'resource-template-example-invalid-expansion',
    'prompt-example-unknown-argument',
  ],
  'component-contextual-schemas.json': ['schema-validation', 'unknown-property'],
  'component-extension-boundaries.json': ['schema-validation'],
  'component-protocol-scope.json': [
    'resource-example-result-version-mismatch',
    'resource-example-cache-fields-version-mismatch',
  ],
  'component-reference-resolution.json': [
    'component-reference-cycle',
    'missing-component-reference-target',
    'wrong-component-reference-namespace',
  ],
  'components-empty-and-reference-shapes.json': ['empty-collection', 'schema-validation', 'unknown-property'],
  'duplicate-mcp-header.json': ['duplicate-x-mcp-header'],
  'duplicate-security-scope.json': ['duplicate-security-scope'],
  'duplicate-tag-reference.json': ['unknown-tag-reference'],
  'elicitation-branch-mixing.json': ['schema-validation'],
  'elicitation-form-semantics.json': [
    'elicitation-form-enum-names-mismatch',
    'elicitation-form-default-outside-enum',
    'elicitation-form-required-property-unknown',
    'duplicate-elicitation-name',
  ],
  'elicitation-scope-outside-parent.json': ['protocol-scope-outside-parent'],
  'elicitation-version-mismatch.json': ['elicitation-mode-not-supported-by-version'],
  'empty-client-capability-requirements.json': ['empty-collection'],
  'empty-ordinary-nested-collections.json': ['empty-collection'],
  'empty-ordinary-root-collections.json': ['empty-collection'],
  'empty-tag-catalog-reference.json': ['empty-collection'],
  'invalid-completion-example-semantics.json': [
    'completion-example-version-mismatch',
    'completion-example-context-version-mismatch',
    'completion-example-result-version-mismatch',
    'prompt-completion-example-unknown-argument',
    'prompt-completion-example-context-unknown-argument',
    'completion-example-duplicate-target-context',
    'completion-example-json-rpc-envelope',
    'resource-template-completion-example-invalid-template',
    'resource-template-completion-example-unknown-variable',
    'resource-template-completion-example-context-unknown-variable',
    'incomplete-completion-example-result',
  ],
  'invalid-mcp-header-placement.json': ['invalid-x-mcp-header'],
  'invalid-mcp-header-value.json': ['invalid-x-mcp-header'],
  'invalid-prompt-example-semantics.json': [
    'prompt-example-missing-required-argument',
    'prompt-example-unknown-argument',
    'prompt-example-result-version-mismatch',
    'prompt-example-json-rpc-envelope',
    'incomplete-prompt-example-result',
    'prompt-example-content-version-mismatch',
  ],
  // audience "operator" and priority 2 fail the schema; structural errors stop before the
  // (also present) lastModified-before-2025-06-18 semantic error.
  'invalid-resource-annotations.json': ['schema-validation'],
  'invalid-security-scheme-name.json': ['schema-validation'],
  'invalid-tool-example-result-semantics.json': [
    'missing-tool-example-structured-content',
    'structured-tool-error-example',
    'tool-example-json-rpc-envelope',
    'incomplete-tool-example-result',
  ],
  'invalid-tool-interaction-example-semantics.json': [
    'unknown-elicitation-declaration',
    'interaction-example-version-mismatch',
    'interaction-example-elicitation-response-mismatch',
    'interaction-example-elicitation-declaration-mismatch',
    'interaction-example-elicitation-content-schema-mismatch',
    'interaction-example-roots-uri',
    'missing-tool-example-structured-content',
  ],
  'malformed-completion-examples.json': ['empty-collection', 'schema-validation', 'unknown-property'],
  'malformed-extension-identifier.json': ['invalid-extension-identifier'],
  'malformed-pre-dialect-tool-schema-shape.json': ['invalid-legacy-tool-schema-shape'],
  'malformed-prompt-examples.json': ['empty-collection', 'schema-validation'],
  'malformed-resource-examples.json': ['empty-collection', 'schema-validation', 'unknown-property'],
  'malformed-resource-template-example.json': ['resource-template-example-invalid-template'],
  'malformed-tool-examples.json': ['empty-collection', 'schema-validation'],
  'malformed-tool-interaction-examples.json': ['schema-validation', 'empty-collection', 'unknown-property'],
  'malformed-tool-schema.json': ['invalid-tool-schema'],
  'meta-invalid-key.json': ['meta-key-invalid'],
  'meta-reserved-key-misuse.json': ['meta-reserved-key-context', 'meta-reserved-key-value'],
  'missing-tool-input-schema.json': ['schema-validation'],
  'non-oauth-scopes.json': ['non-oauth-scope-misuse'],
  'non-object-output-schema-before-2026.json': ['field-not-supported-by-version'],
  'oauth-flow-missing-required-url.json': ['schema-validation'],
  'object-level-extension-cannot-weaken-core.json': ['schema-validation'],
  'object-level-extension-in-capability-map.json': ['invalid-extension-identifier'],
  'object-level-extension-in-domain-map.json': ['schema-validation'],
  'object-level-extension-in-native-content.json': ['unknown-property'],
  'object-level-extension-in-security-requirement.json': ['schema-validation'],
  'object-level-unknown-property.json': ['unknown-property'],
  'overlapping-capabilities.json': ['capability-scope-overlap'],
  'overlapping-tool-scope.json': ['primitive-scope-overlap'],
  'resource-example-cache-fields.json': ['schema-validation'],
  'resource-example-result-semantics.json': [
    'resource-example-result-version-mismatch',
    'resource-example-json-rpc-envelope',
    'incomplete-resource-example-result',
    'invalid-resource-example-base64',
    'resource-example-content-version-mismatch',
    'resource-template-example-invalid-expansion',
  ],
  'revision-inapplicable-execution.json': ['field-not-supported-by-version'],
  'revision-inapplicable-mcp-header.json': ['field-not-supported-by-version'],
  'revision-inapplicable-streamable-http.json': ['transport-not-supported-by-version'],
  'revision-inapplicable-tool-schema-dialect.json': ['field-not-supported-by-version'],
  'revision-incompatible-client-capability-requirements.json': ['client-requirement-version-mismatch'],
  'revision-incompatible-tool-example.json': [
    'tool-example-result-version-mismatch',
    'tool-example-content-version-mismatch',
  ],
  'root-version-without-transport.json': ['transport-coverage-gap'],
  'scoped-version-not-in-root.json': ['protocol-scope-outside-parent'],
  'tool-example-schema-mismatches.json': ['tool-example-schema-mismatch'],
  'unknown-security-reference.json': ['unknown-security-scheme'],
  'unresolved-local-tool-ref.json': ['invalid-tool-schema'],
  // expected-warning
  'deprecated-client-capability-requirements.json': [
    'deprecated-client-requirement',
    'unknown-reserved-extension-identifier',
  ],
  'legacy-completion-examples.json': ['legacy-protocol-validation-incomplete'],
  'legacy-sse-modern-revision.json': ['legacy-sse-for-modern-version'],
  'logging-deprecated-2026.json': ['logging-deprecated-in-2026'],
  'pre-dialect-tool-example.json': [
    'incomplete-tool-example-validation',
    'legacy-protocol-validation-incomplete',
  ],
  'pre-dialect-tool-schema-shape.json': ['legacy-protocol-validation-incomplete'],
  'pre-standard-extension-capabilities.json': ['extensions-not-supported-by-version'],
  'resource-example-consistency.json': [
    'resource-example-requested-uri-not-returned',
    'resource-example-size-mismatch',
    'resource-example-mime-type-mismatch',
  ],
  'tool-interaction-client-requirements-contradictions.json': [
    'interaction-example-client-requirements-contradiction',
  ],
  'uncatalogued-oauth-scope.json': ['uncatalogued-oauth-scope'],
  'uncatalogued-openid-scope.json': ['uncatalogued-oauth-scope'],
  'unknown-reserved-extension-identifier.json': ['unknown-reserved-extension-identifier'],
  'unknown-reserved-meta-key.json': ['meta-unknown-reserved-key'],
  'unresolved-external-tool-example-ref.json': [
    'incomplete-tool-example-validation',
    'unresolved-external-tool-schema-reference',
  ],
  'unresolved-external-tool-ref.json': ['unresolved-external-tool-schema-reference'],
};

function validate(file: string) {
  return validateDocument(loadDocument(readFileSync(file, 'utf8'), { file }));
}

const list = (group: string) => (present ? readdirSync(join(FIXTURES, group)).sort() : []);

const noFixtures = missing(FIXTURES, 'test/validate/conformance.test.ts "official 0.8.0 fixtures"');
describe.skipIf(noFixtures)('official 0.8.0 fixtures', () => {
  it('are all in the table (97: 20 valid, 15 warning, 62 invalid)', () => {
    expect(list('expected-valid')).toHaveLength(20);
    expect(list('expected-warning')).toHaveLength(15);
    expect(list('expected-invalid')).toHaveLength(62);
    for (const name of [...list('expected-warning'), ...list('expected-invalid')])
      expect(EXPECTED, name).toHaveProperty([name]);
  });

  it.each(list('expected-valid'))('valid: %s has no diagnostics', (name) => {
    expect(validate(join(FIXTURES, 'expected-valid', name)).findings).toEqual([]);
  });

  it.each(list('expected-warning'))('warning: %s is valid and reports its warnings', (name) => {
    const result = validate(join(FIXTURES, 'expected-warning', name));
    expect(result.valid).toBe(true);
    const codes = result.findings.map((f) => f.code);
    for (const code of EXPECTED[name] ?? ['?']) expect(codes).toContain(code);
    for (const f of result.findings) expect(f.severity).toBe('warning');
  });

  it.each(list('expected-invalid'))('invalid: %s reports the errors it is about', (name) => {
    const result = validate(join(FIXTURES, 'expected-invalid', name));
    expect(result.valid).toBe(false);
    const codes = result.findings.map((f) => f.code);
    for (const code of EXPECTED[name] ?? ['?']) expect(codes).toContain(code);
  });
});

const EXAMPLES = join(ROOT, 'examples');
const noExamples = missing(EXAMPLES, 'test/validate/conformance.test.ts "spec examples"');
describe.skipIf(noExamples)('spec examples', () => {
  it.each(existsSync(EXAMPLES) ? readdirSync(EXAMPLES).sort() : [])(
    '%s is valid with no diagnostics',
    (name) => {
      expect(validate(join(EXAMPLES, name)).findings).toEqual([]);
    },
  );
});

const CORPORA = '../shared/corpora';
const corpusFiles = existsSync(CORPORA)
  ? ['github-mcp-server', 'sentry-mcp', 'catalog'].flatMap((d) =>
      readdirSync(join(CORPORA, d))
        .filter((n) => n.endsWith('.mcpdesc.json'))
        .map((n) => join(CORPORA, d, n)),
    )
  : [];
const noCorpora = missing(CORPORA, 'test/validate/conformance.test.ts "real corpora"');
describe.skipIf(noCorpora || corpusFiles.length === 0)('real corpora', () => {
  it.each(corpusFiles)('%s validates without errors', (file) => {
    const result = validate(file);
    expect(result.findings.filter((f) => f.severity === 'error')).toEqual([]);
  });
});
