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
 * Forms a shop stores get ids from here on; smaller ids name forms the contract builds
 * (FRANCHISE_FORM_ID), so a stored form can never take the franchise form's id.
 */
export const FIRST_STORED_FORM_ID = 1000;

/** Spec §9: shops whose survey goes by another title, by shop id. */
export const SURVEY_TITLE_OVERRIDES: Readonly<Partial<Record<number, string>>> = { 1253: 'contact_with_manager' };

/** The title a shop's survey shows: the override of spec §9, else its own. */
export const surveyTitle = (shopId: number, title: string): string => SURVEY_TITLE_OVERRIDES[shopId] ?? title;
