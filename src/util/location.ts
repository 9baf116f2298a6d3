/** A place in a source file. Lines and columns are 1-based, as editors and CI annotations count them. */
export interface Location {
  file: string;
  pointer: string;
  line: number;
  column: number;
}
