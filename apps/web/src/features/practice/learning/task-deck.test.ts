import { beforeAll, describe, expect, it } from 'vitest';
import { INTERFACE_LANGUAGES, PROFICIENCY_LEVELS } from '@parlo/contract/constants';
import { TaskDeck } from './task-deck';
import { CARD_LANGUAGES, CARD_CATEGORIES, cardIdsFor, loadDeck, taskCard } from './task-cards';
import { linkedChannels } from './testing-link';

describe('task cards', () => {
  beforeAll(async () => {
    await Promise.all(CARD_LANGUAGES.map((language) => loadDeck(language)));
  });

  it('has twelve cards per level in every language, each with a task, three phrases and a follow-up', () => {
    for (const language of CARD_LANGUAGES) {
      for (const level of PROFICIENCY_LEVELS) {
        const ids = cardIdsFor(level);
        expect(ids).toHaveLength(12);
        const cards = ids.map((id) => taskCard(id, language));
        for (const card of cards) {
          expect(card, `${language} ${level}`).not.toBeNull();
          expect(card!.level).toBe(level);
          expect(card!.task.length).toBeGreaterThan(10);
          expect(card!.phrases).toHaveLength(3);
          for (const phrase of card!.phrases) expect(phrase.trim()).not.toBe('');
          expect(card!.followUp.trim()).not.toBe('');
        }
        // Every level covers all five categories.
        expect(new Set(cards.map((card) => card!.category))).toEqual(new Set(CARD_CATEGORIES));
      }
    }
  });

  it('has a deck for every interface language, so "Show in my language" always has one', () => {
    for (const language of INTERFACE_LANGUAGES) expect(CARD_LANGUAGES).toContain(language);
  });

  it('refuses ids no deck has', () => {
    expect(taskCard('B1-13', 'en')).toBeNull();
    expect(taskCard('B1-00', 'en')).toBeNull();
    expect(taskCard('D1-01', 'en')).toBeNull();
    expect(taskCard('B1-01', 'en')?.id).toBe('B1-01');
  });

  it('writes the same card in each language at the same position (different texts)', () => {
    const texts = CARD_LANGUAGES.map((language) => taskCard('A2-05', language)!.task);
    expect(new Set(texts).size).toBe(CARD_LANGUAGES.length);
  });
});

function pair(level: 'A1' | 'B1' | 'C2' = 'B1', otherLevel = level) {
  const link = linkedChannels();
  const dealer = new TaskDeck(link.a, { initiator: true, level, seed: 'session-1' });
  const partner = new TaskDeck(link.b, { initiator: false, level: otherLevel, seed: 'session-1' });
  dealer.start();
  partner.start();
  return { link, dealer, partner };
}

describe('TaskDeck', () => {
  it('deals one level shuffled by the session, the same first card on both sides before connecting', () => {
    const { dealer, partner } = pair('A1');
    const { cards } = dealer.getSnapshot();
    expect([...cards].sort()).toEqual(cardIdsFor('A1'));
    expect(cards).not.toEqual(cardIdsFor('A1'));
    expect(partner.current()).toBe(dealer.current());
    const other = new TaskDeck(linkedChannels().a, {
      initiator: true,
      level: 'A1',
      seed: 'session-2',
    });
    expect(other.getSnapshot().cards).not.toEqual(cards);
  });

  it('sends the deal when the channel opens, and the partner adopts it', () => {
    const { link, dealer, partner } = pair('B1', 'C2');
    expect(partner.getSnapshot().cards[0]).toMatch(/^C2-/);
    link.open();
    expect(JSON.parse(link.wireA.sent[0]!)).toMatchObject({ type: 'card_deal', index: 0 });
    expect(partner.getSnapshot().cards).toEqual(dealer.getSnapshot().cards);
    expect(partner.current()).toMatch(/^B1-/);
    // The non-initiator never deals.
    expect(link.wireB.sent).toHaveLength(0);
  });

  it('keeps next and previous in step on both sides, wrapping around', () => {
    const { link, dealer, partner } = pair();
    link.open();
    dealer.next();
    dealer.next();
    expect(partner.getSnapshot().index).toBe(2);
    partner.previous();
    expect(dealer.getSnapshot().index).toBe(1);
    expect(dealer.current()).toBe(partner.current());
    partner.previous();
    partner.previous();
    expect(dealer.getSnapshot().index).toBe(11);
    expect(partner.getSnapshot().index).toBe(11);
  });

  it('re-deals the current position after a re-negotiated channel', () => {
    const { link, dealer, partner } = pair();
    link.open();
    dealer.next();
    link.wireA.sent.length = 0;
    link.a.close();
    link.wireA.readyState = 'connecting';
    link.a.attach(link.wireA);
    link.wireA.open();
    expect(JSON.parse(link.wireA.sent[0]!)).toMatchObject({ type: 'card_deal', index: 1 });
    expect(partner.getSnapshot().index).toBe(1);
  });

  it('counts the cards seen, and ignores moves outside the deck', () => {
    const { link, dealer, partner } = pair();
    link.open();
    dealer.next();
    dealer.previous();
    link.wireA.receive(JSON.stringify({ type: 'card_move', index: 40 }));
    expect(dealer.getSnapshot().index).toBe(0);
    expect(dealer.getSnapshot().seen).toHaveLength(2);
    expect(partner.getSnapshot().seen).toEqual(dealer.getSnapshot().seen);
  });

  it('stops listening once stopped', () => {
    const { link, dealer, partner } = pair();
    link.open();
    partner.stop();
    dealer.next();
    expect(partner.getSnapshot().index).toBe(0);
  });
});
