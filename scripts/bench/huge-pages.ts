// Huge pages for the bench's PostgreSQL server, as a production server with gigabytes of shared
// buffers is run (PostgreSQL's documentation, "Linux Huge Pages").
//
// Why it matters here: every PostgreSQL backend maps the shared buffers for itself and takes
// a page fault the first time it touches each 4 kB page of them. A production pool's backends
// live for days and have long since touched what they read; the bench's backends are new at
// every start, and each uncached page reads games no request asked for before, so a new
// backend's statements pay for dozens of faults each, several times what the statement itself
// costs. With 2 MB pages a backend faults once where it faulted 512 times.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const NR_HUGEPAGES = '/proc/sys/vm/nr_hugepages';

export interface HugePages {
  /** `huge_pages` for the server: `on` when enough are reserved, else `try` (PostgreSQL's default). */
  setting: 'on' | 'try';
  /** For the report: how the server's shared memory is paged. */
  description: string;
  /** Gives back what this run reserved (after the server has stopped). */
  release(): void;
}

function freeHugePages(): number {
  const match = /^HugePages_Free:\s+(\d+)/m.exec(readFileSync('/proc/meminfo', 'utf8'));
  return match ? Number(match[1]) : 0;
}

/**
 * Reserves the huge pages the server's shared memory needs (`needed`, from PostgreSQL's own
 * `shared_memory_size_in_huge_pages`) when they are not free already. Reserving them needs
 * root (the bench runs PostgreSQL through `runuser` then); without them the server runs on
 * ordinary pages and the report says so.
 */
export function reserveHugePages(needed: number | undefined): HugePages {
  const without = (reason: string): HugePages => ({
    setting: 'try',
    description: `ordinary 4 kB pages (${reason})`,
    release() {},
  });
  if (!needed || !existsSync(NR_HUGEPAGES)) return without('huge pages are not available here');
  const free = freeHugePages();
  if (free >= needed)
    return { setting: 'on', description: `huge pages (${needed} of the ${free} already free)`, release() {} };
  if (process.getuid?.() !== 0) return without(`reserving ${needed} of them needs root`);
  const before = Number(readFileSync(NR_HUGEPAGES, 'utf8').trim());
  const release = () => writeFileSync(NR_HUGEPAGES, String(before));
  try {
    writeFileSync(NR_HUGEPAGES, String(before + needed - free));
  } catch (error) {
    return without(`the kernel refused to reserve them: ${(error as Error).message}`);
  }
  // The kernel reserves what unfragmented memory it finds, which can be fewer than asked.
  if (freeHugePages() < needed) {
    release();
    return without(`the kernel found only ${freeHugePages()} of ${needed}`);
  }
  return { setting: 'on', description: `huge pages (${needed} of 2 MB, reserved by the bench for its run)`, release };
}

/** How many huge pages the server needs with these settings, or undefined when it cannot say. */
export function hugePagesNeeded(
  postgresBinary: string,
  dataDir: string,
  settings: Record<string, string>,
  asOwner: (command: string, args: string[]) => { status: number | null; stdout: string },
): number | undefined {
  const args = [
    '-D',
    dataDir,
    '-C',
    'shared_memory_size_in_huge_pages',
    ...Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]),
  ];
  const result = asOwner(postgresBinary, args);
  const pages = Number(result.stdout.trim());
  return result.status === 0 && Number.isInteger(pages) && pages > 0 ? pages : undefined;
}
