/**
 * The id of the `<script type="application/json">` in which the server sends a page's first query
 * answers (react-query's dehydrated state; src/server/http/firstScreen.ts) and the client reads them
 * before its first render (src/client/firstScreen.ts).
 */
export const FIRST_SCREEN_ELEMENT_ID = 'gb-first-screen';

/** On `#root` when its content is the server's render of the app, which the client hydrates (src/client/main.tsx). */
export const HYDRATE_ATTRIBUTE = 'data-hydrate';

/** How many salons each of the home page's rows shows (the server asks for the same, firstScreen.ts). */
export const HOME_LIST_SIZE = 12;
