import type { InterfaceId } from '../enums';

/*
 * Which form a shop offers (get_form / submit_form) and how its survey is titled (get_survey),
 * once for the server and the SPA.
 */

/** Interfaces whose layout has the /collaborate page: their default form is the franchise application (contract/forms/franchise.ts). */
export const COLLABORATE_INTERFACES: readonly InterfaceId[] = [2, 100];

/** Whether a shop of this interface offers the franchise application. */
export const hasCollaborate = (interfaceId: number): boolean => (COLLABORATE_INTERFACES as readonly number[]).includes(interfaceId);

/**
 * Forms a shop stores get ids from here on. Smaller ids are the contract's own forms
 * (contract/forms/*): the franchise form (FRANCHISE_FORM_ID) is built, never stored, and the
 * demo seed stores the others under their own ids (the skincare form is get_form id 2), so
 * no stored form can take one of them.
 */
export const FIRST_STORED_FORM_ID = 1000;

/** Spec §9: shops whose survey goes by another title, by shop id. */
export const SURVEY_TITLE_OVERRIDES: Readonly<Partial<Record<number, string>>> = { 1253: 'contact_with_manager' };

/** The title a shop's survey shows: the override of spec §9, else its own. */
export const surveyTitle = (shopId: number, title: string): string => SURVEY_TITLE_OVERRIDES[shopId] ?? title;
