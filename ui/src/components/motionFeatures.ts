// framer-motion's DOM animation features (animations, exit, hover and tap), loaded by
// MotionProvider after the first paint.
import { domAnimation } from "framer-motion";

export default domAnimation;
