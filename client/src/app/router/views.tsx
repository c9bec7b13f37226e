/**
 * Component registry: maps the server's component strings ('system/user/index') to lazy
 * views under client/src/routes/ (routes/system/user/index.tsx). A string with no file yet
 * renders a placeholder that names the menu.
 */
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { PlaceholderView } from '../../components/PlaceholderView';

type ViewModule = { default: ComponentType };

const modules = import.meta.glob<ViewModule>('../../routes/**/*.tsx');

const byKey = new Map<string, () => Promise<ViewModule>>();
for (const [file, loader] of Object.entries(modules)) {
  const key = file.replace('../../routes/', '').replace(/\.tsx$/, '');
  byKey.set(key, loader);
}

const lazyCache = new Map<string, LazyExoticComponent<ComponentType>>();

/** Normalises a component string: no leading slash, no extension. */
export function componentKey(component: string): string {
  return component.replace(/^\/+/, '').replace(/\.(vue|tsx?|jsx?)$/, '');
}

/** True when a view file exists for the component string. */
export function hasView(component: string): boolean {
  return byKey.has(componentKey(component));
}

/** The lazy view for a component string, or null when there is no file for it. */
export function resolveView(component: string): LazyExoticComponent<ComponentType> | null {
  const key = componentKey(component);
  const loader = byKey.get(key);
  if (!loader) return null;
  let view = lazyCache.get(key);
  if (!view) {
    view = lazy(loader);
    lazyCache.set(key, view);
  }
  return view;
}

/** Renders the view of a component string, or the placeholder naming `title`. */
export function ViewFor({ component, title }: { component: string; title: string }) {
  const View = resolveView(component);
  if (!View) return <PlaceholderView title={title} component={component} />;
  return <View />;
}
