/**
 * The storefront in the browser. A page the server rendered (it carries its data in the page-data script) is
 * hydrated: React takes over the HTML already on screen (this module is requested once the browser has painted
 * it, load-after-first-paint.js). Other pages (cart, checkout, account…) start from
 * the empty `#root` and render here.
 */
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { PAGE_DATA_ELEMENT_ID, restorePageData } from './app/page-data';
import { AppProvider, createQueryClient } from './app/provider';
import { AppRoutes } from './app/router';
import { markServerRendered } from './lib/server-html';
import './styles.css';

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  </StrictMode>
);

const root = document.getElementById('root')!;
const pageData = document.getElementById(PAGE_DATA_ELEMENT_ID);
if (pageData?.textContent) {
  restorePageData(queryClient, pageData.textContent);
  markServerRendered();
  // In a transition, hydration yields to the browser between components instead of running as one long task.
  startTransition(() => {
    hydrateRoot(root, app);
  });
} else {
  createRoot(root).render(app);
}
