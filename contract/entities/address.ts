import * as v from 'valibot';
import { DELIVERY_METHOD_VALUES } from '../enums';

/** A saved delivery address of the user (ids under 10 are reserved: "no transport"). */
export const AddressSchema = v.object({
  id: v.number(),
  label: v.string(),
  address: v.string(),
  lat: v.number(),
  lng: v.number(),
  city: v.string(),
  postal_code: v.string(),
  /** false when the point is outside every branch's service radius */
  in_range: v.boolean(),
});
export type Address = v.InferOutput<typeof AddressSchema>;

/** The delivery chosen for a cart (spec §3 "Selected delivery"). */
export const SelectedDeliverySchema = v.object({
  order_id: v.number(),
  address_id: v.number(),
  delivery_method: v.picklist(DELIVERY_METHOD_VALUES),
  branch_name: v.string(),
  type: v.number(),
  /** shipping in rial after the free-shipping rules */
  shipping: v.number(),
});
export type SelectedDelivery = v.InferOutput<typeof SelectedDeliverySchema>;

/** get_location_data: a suggested address for a point (offline geocoder by default). */
export const LocationDataSchema = v.object({
  city: v.string(),
  district: v.string(),
  address: v.string(),
  in_range: v.boolean(),
  /** km to the nearest branch, rounded to 0.1; null outside the distance area */
  distance: v.nullable(v.number()),
});
export type LocationData = v.InferOutput<typeof LocationDataSchema>;
