/**
 * Whether a password someone chooses for a desk account is good enough: long enough (the
 * schema), not only spaces, not the account's own email or name, and not easy to guess, by
 * zxcvbn-ts (a well-kept strength estimator, checked offline: ~40,000 common and breached
 * passwords, names, English words, keyboard patterns, dates, repeats and sequences), with the
 * account's details and the institute's own name counted as guessable. Every place a password is
 * chosen (the desk's accounts page, a member changing their own, `npm run staff`) asks this.
 */
import { institute } from '../../shared/institute';
import { newPasswordSchema } from '../../shared/schema/desk';

/** zxcvbn's scale: 3 is "safely unguessable" (about 10^8 guesses), enough against online guessing of a slow hash. */
const MIN_SCORE = 3;

type Estimator = {
  check: (
    password: string,
    userInputs: string[],
  ) => { score: number; feedback: { warning: string | null; suggestions: string[] } };
};

let estimator: Promise<Estimator> | undefined;
/** The dictionaries are a few MB: loaded on the first check, not at start-up. */
function loadEstimator(): Promise<Estimator> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory }, common, en] = await Promise.all([
      import('@zxcvbn-ts/core'),
      import('@zxcvbn-ts/language-common'),
      import('@zxcvbn-ts/language-en'),
    ]);
    return new ZxcvbnFactory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
    });
  })();
  return estimator;
}

/** The words anyone guessing a password of this site would try first. */
const siteWords = new URL(institute.origin).hostname.split(/[.-]/).filter((word) => word.length >= 4);

export type PasswordOwner = { email: string; name?: string };

/** Why `password` is refused for `owner`, in words for the person choosing it; undefined when it is fine. */
export async function weakPasswordProblem(password: string, owner: PasswordOwner): Promise<string | undefined> {
  const length = newPasswordSchema.safeParse(password).error?.issues[0]?.message;
  if (length) return length;
  if (password.trim() === '') return 'The password cannot be only spaces.';
  const lower = password.toLowerCase();
  const email = owner.email.trim().toLowerCase();
  const local = email.split('@')[0] ?? '';
  const names = (owner.name ?? '')
    .toLowerCase()
    .split(/\s+/)
    .filter((part) => part.length >= 4);
  if (lower.includes(email) || (local.length >= 4 && lower.includes(local)) || names.some((n) => lower.includes(n))) {
    return 'The password must not contain the account’s email or name.';
  }
  const { score, feedback } = (await loadEstimator()).check(password, [email, local, ...names, ...siteWords]);
  if (score >= MIN_SCORE) return undefined;
  const why = feedback.warning ? ` ${feedback.warning}` : '';
  return `This password is too easy to guess.${why} Use a few unrelated words, or a longer passphrase.`;
}
