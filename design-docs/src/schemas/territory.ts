import { isTerritory } from '../territories.ts';
import { requiredText } from './common.ts';

export const territorySchema = requiredText('Please fill in all location fields').refine(isTerritory, {
  error: 'Please choose a territory from the list',
});
