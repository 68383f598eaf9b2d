// The people a receipt can be for, read with each load of the list (a member who signed up a
// moment ago is found), shared by the page's fields and rows through a context.
import { createContext, useContext } from 'react';
import type { ReceiptPerson } from '../../../data/repos/admin-receipts.ts';

export interface ReceiptPeople {
  people: readonly ReceiptPerson[];
  byId: ReadonlyMap<string, ReceiptPerson>;
}

export const ReceiptPeopleContext = createContext<ReceiptPeople>({ people: [], byId: new Map() });

export function useReceiptPeople(): ReceiptPeople {
  return useContext(ReceiptPeopleContext);
}
