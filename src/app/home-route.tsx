import type { ComponentType } from 'react';
import { useSelector } from '@xstate/react';
import { Interface } from '@contract/enums';
import { useSystemActor } from '@/ui/actor-system';

/**
 * A shop's home: the classifieds' ad list at interface 4 (issue 31), the data-driven home at every other. Part of
 * the entry (not a chunk of its own), so the home's chunk, which index.html preloads, is not waited for behind it.
 */
export const homeRoute = (HomePage: ComponentType, FinderPage: ComponentType) =>
  function HomeRoute() {
    const classifieds = useSelector(useSystemActor('app'), (snapshot) => snapshot.context.shop?.interface_id === Interface.classifieds);
    return classifieds ? <FinderPage /> : <HomePage />;
  };
