/** ESLint/Spectral convention, shared by every command. */
export const EXIT_OK = 0;
/** Findings or changes at or above the failure threshold. */
export const EXIT_FINDINGS = 1;
/** Usage, I/O or parse error. */
export const EXIT_ERROR = 2;
