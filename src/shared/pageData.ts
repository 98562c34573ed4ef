/**
 * The id of the `<script type="application/json">` in which the server sends a page's first query
 * answers (react-query's dehydrated state; src/server/http/firstScreen.ts) and the client reads them
 * before its first render (src/client/firstScreen.ts).
 */
export const FIRST_SCREEN_ELEMENT_ID = 'gb-first-screen';
