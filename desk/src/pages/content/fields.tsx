/**
 * The fields of the content pages. Each edits one place in the draft (draft.ts), named by
 * its path, and shows the problems the server's content check found there (the same path
 * the check names: `hi.courses.jee.name`, `institute.courses.4.batches.1.starts`):
 *
 *   <Words label="Name" path={['courses', slug, 'name']} />          English and Hindi side by side
 *   <Words label="Timings" path={[…, 'schedule']} lines />             a list, one item per line
 *   <Fact label="Starts" path={['courses', 0, 'batches', 1, 'starts']} kind="date" />   once, in no language
 *   <Choices label="Shown on" path={['notices', 0, 'on']} options={…} />   ids ticked from a list
 */
import { Checkbox, Col, ConfigProvider, Form, Input, InputNumber, Row } from 'antd';
import { useSharedStyle as useInputStyle } from 'antd/es/input/style';
import useTextAreaStyle from 'antd/es/input/style/textarea';
import {
  createContext,
  type ReactNode,
  memo,
  startTransition,
  useContext,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import type { SiteContent } from '../../../../src/content/site-content';

export type Path = (string | number)[];

/**
 * The draft being edited (draft.ts), as a store: a field reads only its own value from it and
 * renders again only when that value changes, so a key re-renders one field, not the page's
 * two hundred (issue 40: a key took 300–700 ms on a phone when every field followed the whole
 * draft). The value stays the same object while the draft is edited.
 */
export type EditingStore = {
  get: () => SiteContent;
  subscribe: (listener: () => void) => () => void;
  /** `typed`: a key in a field (the page around it follows in a transition); otherwise a click the page shows at once. */
  change: (edit: (document: SiteContent) => void, how?: { typed?: boolean }) => void;
  /** Whether the last change was typed. */
  typed: () => boolean;
};
export const Editing = createContext<EditingStore>({
  get: () => ({}) as SiteContent,
  subscribe: () => () => {},
  change: () => {},
  typed: () => false,
});
/** What the server last said was wrong with the draft. */
export const Problems = createContext<string[]>([]);

/**
 * For a page's own parts (its lists, its headings, a sum under the fees): the draft, drawn again
 * when a part it `watch`es changes (each part compared as it was: the draft keeps every part no
 * change touched, so a key typed in a fee's words leaves the batches' list alone). A key typed in a
 * field reaches them in a transition, after the field has been drawn, and a key typed meanwhile
 * comes first (React renders a transition in slices it can set aside); a click (a box ticked, a
 * batch added) at once. Read only the watched parts of `document`: the rest may be older.
 */
export function useEditing(watch: (document: SiteContent) => readonly unknown[] = (document) => [document]) {
  const store = useContext(Editing);
  const [seen, setSeen] = useState(() => ({ store, document: store.get() }));
  if (seen.store !== store) setSeen({ store, document: store.get() });
  const watched = useRef(watch);
  const drawn = useRef(seen.document);
  useLayoutEffect(() => {
    watched.current = watch;
    drawn.current = seen.document;
  });
  useEffect(() => {
    // The draft as this part last asked to be drawn with: a change that leaves its watched parts
    // as they were asks for nothing (a render that only finds nothing changed still runs the
    // part's function, and six parts of a course page ran twice on every key).
    let last = drawn.current;
    const follow = () => {
      const document = store.get();
      if (document === last) return;
      const before = watched.current(last);
      const now = watched.current(document);
      last = document;
      if (before.length === now.length && before.every((part, index) => Object.is(part, now[index]))) return;
      const update = () => setSeen({ store, document });
      if (store.typed()) startTransition(update);
      else update();
    };
    follow();
    return store.subscribe(follow);
  }, [store]);
  return {
    document: seen.store === store ? seen.document : store.get(),
    change: store.change,
    problems: useContext(Problems),
  };
}

/** One value of the draft, read again only when it changes. */
function useValueAt(pick: (document: SiteContent) => unknown, path: Path): unknown {
  const store = useContext(Editing);
  return useSyncExternalStore(store.subscribe, () => valueAt(pick(store.get()), path));
}

/** A field's props are the same when its path says the same (paths are written inline, a new array each time). */
const sameField = <Props extends { path: Path }>(before: Props, after: Props) =>
  Object.keys(after).every((key) =>
    key === 'path'
      ? before.path.join('\u0000') === after.path.join('\u0000')
      : Object.is(before[key as keyof Props], after[key as keyof Props]),
  ) && Object.keys(before).length === Object.keys(after).length;

/** A new fact's id (`batch-4`): never shown, only unique among `taken` (facts and words are matched by it). */
export function newId(prefix: string, taken: readonly string[]): string {
  for (let n = taken.length + 1; ; n++) {
    const id = `${prefix}-${n}`;
    if (!taken.includes(id)) return id;
  }
}

/** The value at `path` (undefined when it is not there). */
export function valueAt(root: unknown, path: Path): unknown {
  let value = root;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** Sets the value at `path`, making the objects on the way; undefined removes it. */
export function setAt(root: unknown, path: Path, value: unknown) {
  let parent = root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) {
    parent[key] ??= {};
    parent = parent[key] as Record<string | number, unknown>;
  }
  const last = path.at(-1);
  if (last === undefined) return;
  if (value === undefined) Reflect.deleteProperty(parent, last);
  else parent[last] = value;
}

/**
 * A field in a form of its own. After every key and every move of the caret, Chrome's autofill
 * reads every field of the form typed in (the fields in no form count as one form), with its
 * label and whether it is shown: on a course page's 150 fields that was more than half of a
 * key's time on a phone (issue 40). In a form of its own, it reads one. Enter submits nothing.
 */
export function OwnForm({ children }: { children: ReactNode }) {
  return <form onSubmit={(event) => event.preventDefault()}>{children}</form>;
}

/**
 * antd's classes for a box of several lines, as its TextArea gives them, and its styles put on
 * the page. The box itself is a plain textarea (WordsInput): antd's TextArea and the components
 * inside it drew themselves again on every key, a third of a key's script on a phone (issue 40).
 */
function useTextBoxClass(error: boolean): string {
  const { getPrefixCls } = useContext(ConfigProvider.ConfigContext);
  const prefix = getPrefixCls('input');
  const root = `${prefix}-css-var`;
  const [hashId, cssVar] = useInputStyle(prefix);
  useTextAreaStyle(prefix, root);
  return [prefix, hashId, `${prefix}-outlined`, cssVar, root, error && `${prefix}-status-error`]
    .filter(Boolean)
    .join(' ');
}

/** zod's words for what was wrong, said as an editor would read them. */
function readable(message: string): string {
  if (/expected string to have >=1 character/.test(message)) return 'Required.';
  const longest = /expected string to have <=(\d+) characters/.exec(message);
  if (longest) return `At most ${longest[1]} characters.`;
  if (/Invalid ISO date/.test(message)) return 'Choose a date.';
  return message;
}

/** The problems the server named at `path` or inside it, each without its path. */
export function problemsAt(problems: string[], path: string): string[] {
  return problems
    .filter((problem) => problem.startsWith(`${path}:`) || problem.startsWith(`${path}.`))
    .map((problem) => readable(problem.slice(problem.indexOf(': ') + 2)));
}

const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'hi', name: 'Hindi' },
] as const;

type WordsProps = {
  label: string;
  path: Path;
  /** May be left empty in both languages (then it is taken out). */
  optional?: boolean;
  /** Several lines of text (line breaks kept). */
  multiline?: boolean;
  /** A list of items, one per line. */
  lines?: boolean;
  /** What to write there, under the field (a problem found there is said instead). */
  help?: string;
};

/**
 * A piece of the pages' words, in English and Hindi side by side (stacked on a phone). The row
 * is drawn once; a key redraws only its own language's field (antd's grid and form items cost
 * several milliseconds each to draw again on a phone).
 */
export const Words = memo(function Words(props: WordsProps) {
  return (
    <Row gutter={16}>
      {LANGUAGES.map(({ code, name }) => (
        <Col key={code} xs={24} md={12}>
          <WordsIn {...props} code={code} name={name} />
        </Col>
      ))}
    </Row>
  );
}, sameField);

/** One language's field: its label and problems, drawn again only when those change. */
const WordsIn = memo(function WordsIn({
  label,
  path,
  multiline = false,
  lines = false,
  optional = false,
  help,
  code,
  name,
}: WordsProps & { code: (typeof LANGUAGES)[number]['code']; name: string }) {
  const problems = useContext(Problems);
  const id = useId();
  const found = problemsAt(problems, [code, ...path].join('.'));
  const boxClass = useTextBoxClass(found.length > 0);
  return (
    <OwnForm>
      <Form.Item
        label={`${label} (${name})`}
        htmlFor={id}
        validateStatus={found.length > 0 ? 'error' : undefined}
        help={found.length > 0 ? found.join(' ') : lines ? 'One per line.' : help}
        layout="vertical"
      >
        <WordsInput
          id={id}
          code={code}
          path={path}
          multiline={multiline}
          lines={lines}
          optional={optional}
          boxClass={boxClass}
        />
      </Form.Item>
    </OwnForm>
  );
}, sameField);

/**
 * A name in the draft's English words (an event's, a course's, a class's) where a page shows it
 * (a heading, a choice), drawn again alone as it is typed: the page around it is not.
 */
export function Named({ path, fallback = '' }: { path: Path; fallback?: string }) {
  const value = useValueAt((document) => document.copy.en, path);
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** The box typed in: the one part a key draws again. */
const WordsInput = memo(function WordsInput({
  id,
  code,
  path,
  multiline,
  lines,
  optional,
  boxClass,
}: Required<Omit<WordsProps, 'label' | 'help'>> & {
  id: string;
  code: (typeof LANGUAGES)[number]['code'];
  /** antd's classes for a box of several lines. */
  boxClass: string;
}) {
  const { change } = useContext(Editing);
  const value = useValueAt((document) => document.copy[code], path);
  const shown = lines ? ((value as string[] | undefined) ?? []).join('\n') : ((value as string | undefined) ?? '');
  const onChange = (typed: string) =>
    change(
      (draft) =>
        setAt(draft.copy[code], path, lines ? typed.split('\n') : optional && typed === '' ? undefined : typed),
      { typed: true },
    );
  return multiline || lines ? (
    <textarea
      id={id}
      lang={code}
      className={boxClass}
      value={shown}
      rows={lines ? 3 : 2}
      // The browser grows the box with its words (antd's autoSize measured a copy of it on every key).
      style={{ fieldSizing: 'content', minHeight: `calc(${lines ? 3 : 2}lh + 10px)` }}
      onChange={(event) => onChange(event.target.value)}
    />
  ) : (
    <Input id={id} lang={code} value={shown} onChange={(event) => onChange(event.target.value)} />
  );
}, sameField);

const indianGrouping = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 });
const rupeesGrouped = (value: number | string | undefined) =>
  value === undefined || value === '' ? '' : indianGrouping.format(Number(value));
const digitsOf = (shown: string | undefined) => Number((shown ?? '').replace(/\D/g, ''));

type FactProps = {
  label: string;
  path: Path;
  kind: 'date' | 'rupees' | 'number' | 'text';
  help?: string;
  /** Left empty, it is taken out. */
  optional?: boolean;
};

/** A fact, the same in every language: a date, an amount, a number, a phone number. */
export const Fact = memo(function Fact({ label, path, kind, help, optional = false }: FactProps) {
  const problems = useContext(Problems);
  const found = problemsAt(problems, ['institute', ...path].join('.'));
  const id = useId();
  return (
    <OwnForm>
      <Form.Item
        label={label}
        htmlFor={id}
        layout="vertical"
        validateStatus={found.length > 0 ? 'error' : undefined}
        help={found.length > 0 ? found.join(' ') : help}
      >
        <FactInput id={id} path={path} kind={kind} optional={optional} />
      </Form.Item>
    </OwnForm>
  );
}, sameField);

/** The box typed in: the one part a key draws again. */
const FactInput = memo(function FactInput({
  id,
  path,
  kind,
  optional,
}: Required<Pick<FactProps, 'path' | 'kind' | 'optional'>> & { id: string }) {
  const { change } = useContext(Editing);
  const value = useValueAt((document) => document.institute, path);
  const set = (next: unknown) => change((draft) => setAt(draft.institute, path, next), { typed: true });
  return kind === 'text' ? (
    <Input
      id={id}
      value={(value as string | undefined) ?? ''}
      onChange={(event) => set(event.target.value || (optional ? undefined : ''))}
      style={{ maxWidth: 360 }}
    />
  ) : kind === 'date' ? (
    <Input
      id={id}
      type="date"
      value={(value as string | undefined) ?? ''}
      onChange={(event) => set(event.target.value || (optional ? undefined : ''))}
      style={{ maxWidth: 200 }}
    />
  ) : (
    <InputNumber<number>
      id={id}
      value={(value as number | undefined) ?? null}
      min={0}
      step={kind === 'rupees' ? 500 : 1}
      prefix={kind === 'rupees' ? '₹' : undefined}
      // Rupees grouped as the pages say them (1,26,000), as typed; the figure is kept without commas.
      formatter={kind === 'rupees' ? rupeesGrouped : undefined}
      parser={kind === 'rupees' ? digitsOf : undefined}
      inputMode="numeric"
      onChange={(next) => set(next ?? (optional ? undefined : 0))}
      style={{ width: 200 }}
    />
  );
}, sameField);

/**
 * A list of ids in the facts, ticked from `options`: the pages a notice is shown on, the teachers
 * a course page shows. `alsoNamed`: where the content check names the list too, when not by `path`
 * (`institute.courses.jee.teachers` for courses.5.teachers).
 */
export function Choices({
  label,
  path,
  options,
  alsoNamed,
}: {
  label: string;
  path: Path;
  options: { value: string; label: ReactNode }[];
  alsoNamed?: string;
}) {
  const { document, change, problems } = useEditing((draft) => [valueAt(draft.institute, path)]);
  const found = [
    ...problemsAt(problems, ['institute', ...path].join('.')),
    ...(alsoNamed ? problemsAt(problems, alsoNamed) : []),
  ];
  return (
    <Form.Item
      label={label}
      layout="vertical"
      validateStatus={found.length > 0 ? 'error' : undefined}
      help={found.join(' ') || undefined}
    >
      <Checkbox.Group
        value={(valueAt(document.institute, path) as string[] | undefined) ?? []}
        options={options}
        onChange={(ids) => change((draft) => setAt(draft.institute, path, ids))}
      />
    </Form.Item>
  );
}
