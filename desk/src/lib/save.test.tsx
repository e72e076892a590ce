// @vitest-environment jsdom
/**
 * Saving through the route's action (save.ts) on a router of its own: what the action answers
 * reaches the handler that sent it, after the page shows the loader's new data; two saves through
 * one hook each get their own answer (a door's two scans); two hooks save side by side. The
 * action's answers are held until the test lets each go, in the order it chooses.
 */
import { configure, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { createMemoryRouter, RouterProvider, useLoaderData } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { saveAction, useSave } from './save';

configure({ asyncUtilTimeout: 15_000 });

type Sent = { roll: string };
type Outcome = { said: string };

/** Each submission the action has, waiting for the test to answer it; and what the loader shows. */
let held: { roll: string; answer: (said: string) => void }[];
let stored: string[];

const action = saveAction<Sent, Outcome>(
  ({ roll }) =>
    new Promise<Outcome>((resolve) => {
      held.push({
        roll,
        answer: (said) => {
          stored.push(roll);
          resolve({ said });
        },
      });
    }),
);
const loader = () => ({ stored: [...stored] });

/** One saving hook: a button per roll number, and what each save's handler was told, with what the page showed then. */
function Door({ name }: { name: string }) {
  const save = useSave<Sent, Outcome>();
  const { stored: shown } = useLoaderData<typeof loader>();
  const [told, setTold] = useState<string[]>([]);
  const send = async (roll: string) => {
    const outcome = await save({ roll });
    // What the page showed when the handler had its answer (read from the document, as a person would).
    const list = document.querySelector('[data-shown]')?.textContent ?? '';
    setTold((before) => [...before, `${roll}: ${outcome?.said ?? 'nothing'} (shown: ${list})`]);
  };
  return (
    <section aria-label={name}>
      {['A1', 'A2'].map((roll) => (
        <button key={roll} type="button" onClick={() => void send(roll)}>
          {`${name} ${roll}`}
        </button>
      ))}
      <ul aria-label={`${name} told`}>
        {told.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      {name === 'first' && <p data-shown>{shown.join(',')}</p>}
    </section>
  );
}

async function openPage() {
  const router = createMemoryRouter(
    [
      {
        path: '/',
        loader,
        action,
        Component: () => (
          <>
            <Door name="first" />
            <Door name="second" />
          </>
        ),
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: ['/'] },
  );
  render(<RouterProvider router={router} />);
  await screen.findByRole('button', { name: 'first A1' });
}

const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const told = async (door: string, count: number) => {
  const list = screen.getByRole('list', { name: `${door} told` });
  await expect.poll(() => list.querySelectorAll('li').length).toBe(count);
  return [...list.querySelectorAll('li')].map((item) => item.textContent);
};
const heldCount = (count: number) => expect.poll(() => held.length).toBe(count);

beforeEach(() => {
  held = [];
  stored = [];
});

describe('useSave', () => {
  it("gives the handler its action's answer once the page shows the loader's new data", async () => {
    await openPage();
    press('first A1');
    await heldCount(1);
    held[0]?.answer('attended');
    expect(await told('first', 1)).toEqual(['A1: attended (shown: A1)']);
  });

  it('two saves through one hook each get their own answer, the second sent when the first has its own', async () => {
    await openPage();
    press('first A1');
    press('first A2');
    await heldCount(1);
    held[0]?.answer('not registered');
    await heldCount(2);
    expect(held[1]?.roll).toBe('A2');
    held[1]?.answer('attended');
    expect(await told('first', 2)).toEqual(['A1: not registered (shown: A1)', 'A2: attended (shown: A1,A2)']);
  });

  it('two hooks save side by side, and the later answer first reaches its own handler', async () => {
    await openPage();
    press('first A1');
    press('second A2');
    await heldCount(2);
    held[1]?.answer('second’s');
    expect(await told('second', 1)).toEqual(['A2: second’s (shown: A2)']);
    held[0]?.answer('first’s');
    expect(await told('first', 1)).toEqual(['A1: first’s (shown: A2,A1)']);
  });
});
