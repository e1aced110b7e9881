/** What every command of commands/<name>.ts exports, and the output it writes to (main.ts runs them). */
export interface CliIo {
  out: (text: string) => void;
  err: (text: string) => void;
}

export interface CliCommand {
  summary: string;
  usage: string;
  run(args: string[], io: CliIo): Promise<number>;
}
