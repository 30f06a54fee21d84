import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FIRST_PAGE, FIRST_PAGE_PATH } from '../lib/first-screen-boot.ts';
import { $cards, $cardsKnownUpTo, $cardsState, loadCards, takeFirstPage, type TGalleryCard } from './gallery.ts';

const card = (slotNumber: number): TGalleryCard => ({
  id: slotNumber,
  slotNumber,
  imageUrl: null,
  thumbUrl: null,
  originalUrl: null,
  title: `Card ${slotNumber}`,
  description: '',
  value: null,
  valueCents: null,
  allTimeHigh: null,
  allTimeHighCents: null,
  isEmpty: false,
  createdAt: null,
  updatedAt: null,
});
const cards = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => card(from + i));
const respond = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });

describe('loading a wall: the first page, then the rest', () => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    $cards.set(new Map());
    $cardsState.set('loading');
    $cardsKnownUpTo.set(0);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetchMock.mockReset();
  });
  const paths = () => fetchMock.mock.calls.map(([url]) => String(url));

  it('a wall smaller than a page is whole after one request', async () => {
    fetchMock.mockResolvedValueOnce(respond([card(2), card(9)]));
    await loadCards();
    expect(paths()).toEqual([FIRST_PAGE_PATH]);
    expect($cardsState.get()).toBe('ready');
    expect([...$cards.get().keys()]).toEqual([2, 9]);
  });

  it('a large wall shows its first page (slots known up to its last card), then all of it', async () => {
    let all: (value: Response) => void = () => undefined;
    fetchMock.mockResolvedValueOnce(respond(cards(1, FIRST_PAGE)));
    fetchMock.mockReturnValueOnce(new Promise((resolve) => (all = resolve)));
    const loading = loadCards();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect($cardsState.get()).toBe('partial');
    expect($cardsKnownUpTo.get()).toBe(FIRST_PAGE);
    expect($cards.get().size).toBe(FIRST_PAGE);
    all(respond(cards(1, 1000)));
    await loading;
    expect(paths()).toEqual([FIRST_PAGE_PATH, '/api/cards']);
    expect($cardsState.get()).toBe('ready');
    expect($cards.get().size).toBe(1000);
  });

  it('takes the first page the page script already asked for', async () => {
    vi.stubGlobal('window', { __ratioFirstPage: Promise.resolve([card(4)]) });
    await loadCards();
    expect(fetchMock).not.toHaveBeenCalled();
    expect([...$cards.get().keys()]).toEqual([4]);
    expect($cardsState.get()).toBe('ready');
  });

  it('a page that carried its first page (the server wrote it in) asks only for the rest', async () => {
    takeFirstPage(cards(1, FIRST_PAGE));
    expect($cardsState.get()).toBe('partial');
    expect($cardsKnownUpTo.get()).toBe(FIRST_PAGE);
    fetchMock.mockResolvedValueOnce(respond(cards(1, 300)));
    await loadCards();
    expect(paths()).toEqual(['/api/cards']);
    expect($cardsState.get()).toBe('ready');
    expect($cards.get().size).toBe(300);
  });

  it('asks again when the page script got nothing, and reports a failure', async () => {
    vi.stubGlobal('window', { __ratioFirstPage: Promise.resolve(null) });
    fetchMock.mockResolvedValueOnce(respond({ error: { code: 'internal_error', message: 'x' } }, 500));
    await loadCards();
    expect(paths()).toEqual([FIRST_PAGE_PATH]);
    expect($cardsState.get()).toBe('error');
    // Try Again loads the whole wall.
    fetchMock.mockResolvedValueOnce(respond([card(1)]));
    await loadCards();
    expect(paths()).toEqual([FIRST_PAGE_PATH, '/api/cards']);
    expect($cardsState.get()).toBe('ready');
  });
});
