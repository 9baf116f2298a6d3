// json-source-map ships no types; the source-map tests use it as an oracle.
declare module 'json-source-map' {
  interface Position {
    line: number;
    column: number;
    pos: number;
  }
  interface PointerRecord {
    key?: Position;
    value: Position;
    valueEnd: Position;
  }
  const jsonSourceMap: { parse(text: string): { data: unknown; pointers: Record<string, PointerRecord> } };
  export default jsonSourceMap;
}
