// swagger2openapi ships no types; only convertObj is used (Swagger 2.0 -> OpenAPI 3 in memory).
declare module 'swagger2openapi' {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the converted document is untyped JSON
  const s2o: { convertObj(doc: unknown, options: Record<string, unknown>): Promise<{ openapi: any }> };
  export default s2o;
}
