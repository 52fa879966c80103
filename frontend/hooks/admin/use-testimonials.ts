import type { Testimonial } from "../../../schema/api/testimonials";
import { adminChange } from "../../lib/admin/admin-write";
import { useAdminData } from "./use-admin-data";

export const TESTIMONIALS_PATH = "/api/admin/testimonials";

/** The owner's testimonials, newest given first (a business has tens, not thousands: one page of 500). */
export function useTestimonials() {
  const { data, error, refresh } = useAdminData<Testimonial[]>(`${TESTIMONIALS_PATH}?limit=500`);
  return {
    testimonials: data,
    error,
    refresh,
    setPublished: (id: number, isPublished: boolean) =>
      adminChange<Testimonial>("PATCH", `${TESTIMONIALS_PATH}/${id}`, { isPublished }),
    remove: (id: number) => adminChange("DELETE", `${TESTIMONIALS_PATH}/${id}`),
  };
}
