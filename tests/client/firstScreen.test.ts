import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { takeFirstScreenData } from '../../src/client/firstScreen';
import { clearSession, type SessionUser, saveSession } from '../../src/client/state/session';
import { FIRST_SCREEN_ELEMENT_ID } from '../../src/shared/pageData';

const KEY = [['merchants', 'getMerchantById'], { input: { id: 'a1' }, type: 'query' }];
const STATE = {
  mutations: [],
  queries: [
    {
      queryKey: KEY,
      queryHash: JSON.stringify(KEY),
      state: { data: { merchant: { shop_Name: 'Rose' } }, status: 'success', dataUpdatedAt: Date.now() },
    },
  ],
};

function page(text: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = FIRST_SCREEN_ELEMENT_ID;
  script.textContent = text;
  document.head.append(script);
}

afterEach(() => {
  document.getElementById(FIRST_SCREEN_ELEMENT_ID)?.remove();
  clearSession();
});

describe('the first screen data the page carries', () => {
  it("puts a visitor's answers into the cache under the client's own key, once", () => {
    page(JSON.stringify(STATE));
    const client = new QueryClient();
    takeFirstScreenData(client);
    expect(client.getQueryData(KEY)).toEqual({ merchant: { shop_Name: 'Rose' } });
    expect(document.getElementById(FIRST_SCREEN_ELEMENT_ID)).toBeNull();
  });

  it('leaves the cache empty for a signed-in account, whose answers can differ', () => {
    saveSession({ token: 't', userType: 'customer', user: { _id: 'u1', email: 'a@b.in', firstName: 'A', lastName: 'B' } as SessionUser });
    page(JSON.stringify(STATE));
    const client = new QueryClient();
    takeFirstScreenData(client);
    expect(client.getQueryData(KEY)).toBeUndefined();
  });

  it('ignores a page without data or with data it cannot read', () => {
    const client = new QueryClient();
    takeFirstScreenData(client);
    page('{not json');
    expect(() => takeFirstScreenData(client)).not.toThrow();
    expect(client.getQueryCache().getAll()).toEqual([]);
  });
});
