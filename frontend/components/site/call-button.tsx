import { Button } from "@radix-ui/themes";
import type { ReactNode } from "react";
import { Link } from "wouter";
import type { BookableService } from "../../../schema/api/bookings";
import { Fact, FactLink } from "../../lib/facts";
import { CalendarIcon, PhoneIcon } from "./icons";

type CallButtonProps = {
  children?: ReactNode;
  size?: "2" | "3" | "4";
  variant?: "solid" | "outline" | "surface";
  emergency?: boolean;
  className?: string;
};

/** A big call-to-action that dials the company (the price pages' buttons call the phone). */
export function CallButton({ children, size = "3", variant = "solid", emergency = false, className }: CallButtonProps) {
  const number = emergency ? "emergencyPhone" : "phone";
  return (
    <Button asChild size={size} variant={variant} className={["call-button", className].filter(Boolean).join(" ")}>
      <FactLink to={number}>
        <PhoneIcon size={18} />
        {/* One flex item: the button's gap would otherwise open up around the number. */}
        <span>
          {children ?? (
            <>
              Call <Fact name={number} />
            </>
          )}
        </span>
      </FactLink>
    </Button>
  );
}

/** A call-to-action that opens online booking with the visit chosen (/book?service=…). */
export function BookButton({
  service,
  children = "Book online",
  size = "3",
  variant = "outline",
  className,
}: {
  service: BookableService;
  children?: ReactNode;
  size?: "2" | "3" | "4";
  variant?: "solid" | "outline" | "surface";
  className?: string;
}) {
  return (
    <Button asChild size={size} variant={variant} className={["book-button", className].filter(Boolean).join(" ")}>
      <Link href={`/book?service=${service}`}>
        <CalendarIcon size={18} />
        <span>{children}</span>
      </Link>
    </Button>
  );
}
