/**
 * The numbers this browser has proved by a code (issue 38), remembered for less than the
 * server keeps a proof good (30 minutes): a family that books again, or books a sibling, is not
 * sent another code. A proof names no one; the server checks it against the number every time.
 */
const STORAGE_KEY = 'number-proofs';
const KEEP_MS = 25 * 60 * 1000;

type Kept = Record<string, { proof: string; until: number }>;

function read(): Kept {
  try {
    const kept = JSON.parse(window.localStorage.getItem(STORAGE_KEY) ?? '{}') as unknown;
    return kept && typeof kept === 'object' ? (kept as Kept) : {};
  } catch {
    return {}; // storage blocked or spoilt: a code is asked for each time
  }
}

function write(kept: Kept) {
  try {
    const now = Date.now();
    window.localStorage.setItem(
      STORAGE_KEY,
      JSON.stringify(Object.fromEntries(Object.entries(kept).filter(([, each]) => each.until > now))),
    );
  } catch {
    // Not kept: the next booking asks for a code.
  }
}

/** The proof of a number (+91…) this browser holds, while it is good. */
export function storedProof(number: string): string | undefined {
  const kept = read()[number];
  return kept && kept.until > Date.now() && typeof kept.proof === 'string' ? kept.proof : undefined;
}

export function keepProof(number: string, proof: string) {
  write({ ...read(), [number]: { proof, until: Date.now() + KEEP_MS } });
}

export function forgetProof(number: string) {
  const { [number]: _gone, ...rest } = read();
  write(rest);
}
