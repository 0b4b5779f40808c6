import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { forgetPocket, pocketFor } from '@/lib/pocket/pocket-access';
import { deletePocket, openPocket, pocketDatabaseName } from '@/lib/pocket/pocket-store';

const ALICE = 'alice-id';
const BOB = 'bob-id';

async function databases() {
  return (await indexedDB.databases()).map((db) => db.name);
}

afterEach(async () => {
  await forgetPocket(ALICE);
  await forgetPocket(BOB);
});

describe('phrase pocket store (IndexedDB)', () => {
  it('keeps items per account, newest first, and a phrase saved twice in a call once', async () => {
    const alice = await openPocket(ALICE);
    const first = await alice.add(
      {
        front: '  ¿Qué tal?  ',
        source: 'chat',
        sessionId: 's1',
        partnerName: 'Lucía',
        languageCode: 'es',
      },
      1_000,
    );
    expect(first).toMatchObject({
      front: '¿Qué tal?',
      back: '',
      sessionId: 's1',
      createdAt: 1_000,
    });
    const again = await alice.add({ front: '¿Qué tal?', source: 'chat', sessionId: 's1' }, 2_000);
    expect(again.id).toBe(first.id);
    await alice.add({ front: '¿Qué tal?', source: 'chat', sessionId: 's2' }, 3_000);
    await alice.add({ front: 'madrugar', source: 'typed' }, 4_000);
    await expect(alice.add({ front: '   ', source: 'typed' })).rejects.toThrow();

    expect((await alice.list()).map((i) => [i.front, i.sessionId])).toEqual([
      ['madrugar', null],
      ['¿Qué tal?', 's2'],
      ['¿Qué tal?', 's1'],
    ]);
    expect((await alice.listForSession('s1')).map((i) => i.id)).toEqual([first.id]);

    const bob = await openPocket(BOB);
    expect(await bob.list()).toEqual([]);
    expect(await databases()).toEqual(
      expect.arrayContaining([pocketDatabaseName(ALICE), pocketDatabaseName(BOB)]),
    );
    alice.close();
    bob.close();
  });

  it('edits and deletes, never emptying a phrase, and survives reopening', async () => {
    const pocket = await openPocket(ALICE);
    const item = await pocket.add({ front: 'echar de menos', source: 'card' }, 1_000);
    const edited = await pocket.update(item.id, { back: 'to miss (someone)', front: '' }, 5_000);
    expect(edited).toMatchObject({
      front: 'echar de menos',
      back: 'to miss (someone)',
      updatedAt: 5_000,
    });
    expect(await pocket.update('missing', { back: 'x' })).toBeUndefined();
    pocket.close();

    const reopened = await openPocket(ALICE);
    expect(await reopened.list()).toEqual([edited]);
    await reopened.remove(item.id);
    expect(await reopened.list()).toEqual([]);
    reopened.close();
  });

  it('forgets one account on this device, even with its database open, and no other', async () => {
    const alice = await pocketFor(ALICE);
    await alice.add({ front: 'hola', source: 'typed' });
    const bob = await openPocket(BOB);
    await bob.add({ front: 'adiós', source: 'typed' });
    bob.close();

    await forgetPocket(ALICE);
    expect(await databases()).not.toContain(pocketDatabaseName(ALICE));
    expect(await (await pocketFor(ALICE)).list()).toEqual([]);
    expect((await (await pocketFor(BOB)).list()).map((i) => i.front)).toEqual(['adiós']);
  });

  it('deletes a database another connection holds, once that connection lets go', async () => {
    const held = await openPocket(ALICE);
    await held.add({ front: 'hola', source: 'typed' });
    await deletePocket(ALICE);
    expect(await databases()).not.toContain(pocketDatabaseName(ALICE));
  });
});
