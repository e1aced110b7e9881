/** A benchmark's numeric option `--name=N` from its arguments, or the fallback. */
export function numberFlag(args: string[], name: string, fallback: number): number {
  const hit = args.find((a) => a.startsWith(`--${name}=`));
  return hit ? Number(hit.split('=')[1]) : fallback;
}
