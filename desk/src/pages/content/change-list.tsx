/**
 * Changes to the content as the desk's pages name them (shared/content-change-words.ts): under
 * each page, "Batch “Class 11 weekend” · Seats left: 22, counted 20 November 2026 → 40, counted 26
 * November 2026"; words with their English and Hindi side by side. Used for the draft's changes
 * (publish.tsx) and each published version's (content-versions.tsx).
 */
import { Flex, Typography } from 'antd';
import type { ChangeGroup, Side } from '../../../../shared/content-change-words';
import { languageForStaff, languageInfo, languages } from '../../../../shared/languages';

const fromTo = ({ before, after }: Side) => `${before ?? '(none)'} → ${after ?? '(removed)'}`;

export const changeCount = (groups: ChangeGroup[]) => groups.reduce((sum, group) => sum + group.changes.length, 0);

export function ChangeList({ groups }: { groups: ChangeGroup[] }) {
  return (
    <Flex vertical gap="small">
      {groups.map((group) => (
        <section key={group.page} aria-label={group.page}>
          <Typography.Text strong>{group.page}</Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
            {group.changes.map((change) => (
              <li key={change.key}>
                {'fact' in change.values ? (
                  `${change.what}: ${fromTo(change.values.fact)}`
                ) : (
                  <>
                    {change.what}
                    <Flex wrap gap="small">
                      {languages.map((language) => {
                        const side = 'words' in change.values ? change.values.words[language] : undefined;
                        return (
                          side && (
                            <span key={language} lang={languageInfo[language].tag} style={{ flex: '1 1 240px' }}>
                              {languageForStaff(language)}: {fromTo(side)}
                            </span>
                          )
                        );
                      })}
                    </Flex>
                  </>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Flex>
  );
}
