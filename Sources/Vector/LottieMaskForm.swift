/// How a Lottie document cuts content by a mask layer.
public enum LottieMaskForm: String, Sendable, CaseIterable {
    /// An alpha track matte above the masked layer: any mask content, exact coverage products.
    case matte
    /// Layer masks made of the mask's contours (outer contours added, counters subtracted), for
    /// players without track mattes (lottie-web's canvas renderer before 5.8, Qt Lottie). Only a mask
    /// that is one opaque filled shape or text can take this form.
    case mask
}
