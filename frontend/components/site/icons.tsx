import { Icon, type IconProps } from "../icon";

/** The public site's line icons (see ../icon.tsx), 20 px unless told otherwise. */
const SiteIcon = ({ size = 20, ...props }: IconProps) => <Icon size={size} {...props} />;

export const PhoneIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M22 16.9v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 2.1 4.2 2 2 0 0 1 4.1 2h3a2 2 0 0 1 2 1.7c.1.9.4 1.8.7 2.7a2 2 0 0 1-.5 2.1L8 9.8a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.7.7a2 2 0 0 1 1.7 2z" />
  </SiteIcon>
);

export const CartIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2.5 3h2.6l2.4 12.2a1.6 1.6 0 0 0 1.6 1.3h8.8a1.6 1.6 0 0 0 1.6-1.2L21.5 8H6.2" />
  </SiteIcon>
);

export const MenuIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M4 6h16M4 12h16M4 18h16" />
  </SiteIcon>
);

export const CloseIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M18 6 6 18M6 6l12 12" />
  </SiteIcon>
);

export const ChevronDownIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="m6 9 6 6 6-6" />
  </SiteIcon>
);

export const ChevronLeftIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="m15 18-6-6 6-6" />
  </SiteIcon>
);

export const ChevronRightIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="m9 18 6-6-6-6" />
  </SiteIcon>
);

export const CheckIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M20 6 9 17l-5-5" />
  </SiteIcon>
);

export const ShieldIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10z" />
    <path d="m9 12 2 2 4-4" />
  </SiteIcon>
);

export const ClockIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <circle cx="12" cy="12" r="10" />
    <path d="M12 6v6l4 2" />
  </SiteIcon>
);

export const PoundIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M18 7a4 4 0 0 0-7.5-2C10 6.2 10 7.5 10 9v11M6 13h8M6 20h12" />
  </SiteIcon>
);

export const AwardIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <circle cx="12" cy="8" r="6" />
    <path d="M15.5 13.2 17 22l-5-3-5 3 1.5-8.8" />
  </SiteIcon>
);

export const MapPinIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M20 10c0 6-8 12-8 12s-8-6-8-12a8 8 0 0 1 16 0z" />
    <circle cx="12" cy="10" r="3" />
  </SiteIcon>
);

export const MailIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <rect x="2" y="4" width="20" height="16" rx="2" />
    <path d="m22 7-10 6L2 7" />
  </SiteIcon>
);

export const FlameIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M8.5 14.5A2.5 2.5 0 0 0 11 12c0-1.4-.5-2-1-3-1.1-2.1-.2-4 2-6 .5 2.5 2 4.9 4 6.5 2 1.6 3 3.5 3 5.5a7 7 0 1 1-14 0c0-1.2.4-2.3 1-3.3.3 1.5 1.2 2.8 2.5 2.8z" />
  </SiteIcon>
);

export const WrenchIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.8-3.8a6 6 0 0 1-7.9 7.9l-6.9 6.9a2.1 2.1 0 0 1-3-3l6.9-6.9a6 6 0 0 1 7.9-7.9l-3.8 3.8z" />
  </SiteIcon>
);

export const DropletIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M12 22a7 7 0 0 0 7-7c0-2-1-3.9-3-5.5S12.5 5.5 12 3c-.5 2.5-2 4.9-4 6.5S5 13 5 15a7 7 0 0 0 7 7z" />
  </SiteIcon>
);

export const LeafIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M11 20A7 7 0 0 1 9.8 6.1C15.5 5 17 4.5 19 2c1 2 2 4.2 2 8 0 5.5-4.8 10-10 10z" />
    <path d="M2 21c0-3 1.9-5.4 5.2-6.1 2.4-.5 4.8-2 5.8-4.9" />
  </SiteIcon>
);

export const LockIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <rect x="3" y="11" width="18" height="11" rx="2" />
    <path d="M7 11V7a5 5 0 0 1 10 0v4" />
  </SiteIcon>
);

export const TrendIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="m22 7-8.5 8.5-5-5L2 17" />
    <path d="M16 7h6v6" />
  </SiteIcon>
);

export const AlertIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
    <path d="M12 9v4M12 17h.01" />
  </SiteIcon>
);

export const StoreIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <path d="M3 9 4.5 4h15L21 9M3 9h18M3 9v11h18V9M9 20v-6h6v6" />
  </SiteIcon>
);

/** Filled star for ratings. */
export const StarIcon = ({ size = 18, ...props }: IconProps) => (
  <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden="true" focusable="false" {...props}>
    <path fill="currentColor" d="m12 2 3.1 6.3 6.9 1-5 4.9 1.2 6.8L12 17.8 5.8 21l1.2-6.8-5-4.9 6.9-1z" />
  </svg>
);

export const CalendarIcon = (p: IconProps) => (
  <SiteIcon {...p}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </SiteIcon>
);
