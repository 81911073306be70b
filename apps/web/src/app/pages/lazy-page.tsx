import { lazy, Suspense, type ComponentType, type ReactElement } from 'react';
import { LoadingScreen } from '../../components/ui/loading-screen';

/**
 * A page loaded in its own chunk when first opened: the first load of any page (the map above all,
 * whose MapLibre is most of its weight) carries the shell and that page, never the other pages.
 * The page a visitor arrives on is loaded before the app's first render (`preload`, from
 * main.tsx), so it renders at once: a page that suspends shows its fallback, and React then
 * holds the fallback for 300 ms at least before it reveals the page.
 */
export function lazyPage(load: () => Promise<ComponentType>, label = 'Loading…'): ReactElement {
  let loaded: ComponentType | undefined;
  const preload = async () => {
    loaded ??= await load();
  };
  const LazyPage = lazy(async () => {
    await preload();
    return { default: loaded! };
  });
  const Page = Object.assign(
    function Page() {
      const Loaded = loaded;
      return Loaded ? (
        <Loaded />
      ) : (
        <Suspense fallback={<LoadingScreen label={label} />}>
          <LazyPage />
        </Suspense>
      );
    },
    { preload },
  );
  return <Page />;
}
