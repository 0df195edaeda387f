import { createProcessLog } from '../../server/lib/log/process-log';

/**
 * A process that logs `LINES` lines through the process log, closes it and exits: what its stdout
 * (a file, a pipe) holds then is what the log wrote. `BUFFER_KB`: the log's bound.
 */
const log = createProcessLog({ level: 'info', bufferBytes: Number(process.env.BUFFER_KB ?? 4096) * 1024 });
for (let i = 0; i < Number(process.env.LINES); i++) log.logger.info({ n: i }, 'line');
await log.close();
process.exit(0);
