/**
 * A section of words only (editors and admins): the fields its line in the page table names
 * (shared/desk-pages.ts, `section.words`), in English and Hindi side by side, a list item by
 * item with a button to add one and one to remove each. Every such section is this page, at its
 * own path; the list of changes names what changed by the same labels. Changes go to the draft
 * and are published with the rest; the panel previews the pages that show them.
 */
import { Button, Flex, Popconfirm } from 'antd';
import { useLocation } from 'react-router';
import { deskPages, inDesk, sectionPages, type WordsField, type WordsSection } from '../../../../shared/desk-pages';
import { languages } from '../../../../shared/languages';
import { type Path, useEditing, valueAt, Words } from './fields';
import { ContentEditor } from './publish';
import { Panel } from '../../components/panel';

export { action, loader } from './publish';
export { PageError as ErrorBoundary } from '../../components/page-error';

const placeOf = (at: string): Path => at.split('.');

/** A new item of a list: each of its fields empty (the content check names any left so). */
const emptyItem = (fields: readonly WordsField[]) => Object.fromEntries(fields.map((field) => [field.at, '']));

function List({ field, path }: { field: WordsField & { list: NonNullable<WordsField['list']> }; path: Path }) {
  const { document, change } = useEditing((draft) => [(valueAt(draft.copy.en, path) as unknown[]).length]);
  const { item, add, fields } = field.list;
  const items = valueAt(document.copy.en, path) as unknown[];
  const itemsIn = (draft: typeof document, language: (typeof languages)[number]) =>
    valueAt(draft.copy[language], path) as unknown[];
  const append = () =>
    change((draft) => languages.forEach((language) => itemsIn(draft, language).push(emptyItem(fields))));
  const remove = (index: number) =>
    change((draft) => languages.forEach((language) => itemsIn(draft, language).splice(index, 1)));
  return (
    <Panel title={field.label}>
      {items.map((_, index) => (
        <section key={index} aria-label={`${item} ${index + 1}`}>
          {fields.map((each) => (
            <Fields key={each.at} field={each} path={[...path, index, ...placeOf(each.at)]} />
          ))}
          {items.length > 1 && (
            <Popconfirm title={`Remove ${item.toLowerCase()} ${index + 1}?`} onConfirm={() => remove(index)}>
              <Button danger style={{ marginBottom: 16 }}>
                Remove {item.toLowerCase()} {index + 1}
              </Button>
            </Popconfirm>
          )}
        </section>
      ))}
      <Button onClick={append}>{add}</Button>
    </Panel>
  );
}

function Fields({ field, path }: { field: WordsField; path: Path }) {
  if (field.list) return <List field={{ ...field, list: field.list }} path={path} />;
  return <Words label={field.label} path={path} multiline={field.multiline} optional={field.optional} />;
}

/** The section of words whose page this is, by its path in the page table. */
function sectionAt(pathname: string): { name: string; words: WordsSection } | undefined {
  const here = inDesk(pathname).replace(/\/$/, '');
  const { name, words } = sectionPages.find(({ page }) => deskPages[page].path === here) ?? {};
  return name && words ? { name, words } : undefined;
}

export default function WordsContent() {
  const section = sectionAt(useLocation().pathname);
  if (!section) throw new Error('This page names no section of words (shared/desk-pages.ts).');
  const plain = section.words.fields.filter((field) => !field.list);
  const lists = section.words.fields.filter((field) => field.list);
  return (
    <ContentEditor heading={section.name} previewPaths={section.words.preview}>
      <Flex vertical gap="large">
        {plain.length > 0 && (
          <Panel>
            {plain.map((field) => (
              <Fields key={field.at} field={field} path={placeOf(field.at)} />
            ))}
          </Panel>
        )}
        {lists.map((field) => (
          <Fields key={field.at} field={field} path={placeOf(field.at)} />
        ))}
      </Flex>
    </ContentEditor>
  );
}
