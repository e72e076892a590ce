/** The labels and the team every desk page needs, fetched once per sign-in. */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { api, type Options } from './api';

const OptionsContext = createContext<Options | undefined>(undefined);

export function OptionsProvider({ children }: { children: ReactNode }) {
  const [options, setOptions] = useState<Options>();
  useEffect(() => {
    api<Options>('/options')
      .then(setOptions)
      .catch(() => {});
  }, []);
  return <OptionsContext.Provider value={options}>{children}</OptionsContext.Provider>;
}

export const useOptions = () => useContext(OptionsContext);
