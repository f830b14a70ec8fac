import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { MemoryRouter, Route, Routes, useLocation } from "react-router";
import { i18nFor, languageFromPath } from "~/app/i18n";

/** Shows the current address, so tests can assert where a navigation went. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{`${pathname}${search}`}</output>;
}

/**
 * Renders `routes` (path → element) in a memory router at `at`, with the page language's
 * i18n instance and a fresh query client, like the app does.
 */
export function renderAt(
  at: string,
  routes: Record<string, React.ReactNode>,
  wrap: (children: React.ReactNode) => React.ReactNode = (c) => c,
) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const i18n = i18nFor(languageFromPath(at.split("?")[0]!));
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[at]}>
          {wrap(
            <>
              <Routes>
                {Object.entries(routes).map(([path, element]) => (
                  <Route key={path} path={path} element={element} />
                ))}
              </Routes>
              <LocationProbe />
            </>,
          )}
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, queryClient };
}
