export {
  type Bump,
  buildChangelog,
  type Changelog,
  type ChangelogSections,
  suggestVersion,
} from './changelog.js';
export { compareStructure, type StructuralDiff } from './compare.js';
export { compareChanges, type DiffOptions, diffDocuments } from './engine.js';
export { applyIgnores, type IgnoreEntry, IgnoreFileError, parseIgnoreFile } from './ignore.js';
export type { DiffInput } from './normalize.js';
export { fixturePath, isRuleId, RULES, type RuleId, type RuleMeta, ruleMeta } from './rules.js';
export * from './types.js';
