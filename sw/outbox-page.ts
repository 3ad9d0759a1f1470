/**
 * public/outbox.js (decision 023): the outbox's code for a page where posts wait. A page loads it only when
 * the service worker marked it `data-outbox` (app/entry.client.tsx), so it weighs nothing on other pages; it is a
 * bundle of its own (not a Remix chunk) so that the pages' scripts stay as they are.
 */
import { start } from "../app/features/offline/outbox";

void start();
