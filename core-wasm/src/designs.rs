//! The rules of the product design editors (print-hub-editor, book-editor, book2-editor): the
//! standard surfaces, the default design of each kind, the limits of layers, texts, fonts and
//! pages, and the one `apply` that answers every edit with a new design or a refusal. The spec
//! names these routes only; the limits below are the product's decisions (docs/decisions.md,
//! "Product design editors").

use std::collections::HashSet;

use shared_types::designs::{
    Design, DesignCommand, DesignErrorBody, DesignKind, Layer, LayerContent, Personalization,
    StandardSurfaceSize, Surface, TextContent,
};

/// At most one print area per role, so four.
pub const PRINT_AREAS_MAX: usize = 4;
/// Pages of a book, the cover not counted.
pub const BOOK_PAGES_MIN: usize = 2;
pub const BOOK_PAGES_MAX: usize = 60;
/// Layers on one print area or page.
pub const LAYERS_MAX: usize = 20;
/// Characters of a text layer.
pub const TEXT_MAX_CHARS: usize = 300;
/// Font sizes, in pixels of the print file.
pub const FONT_SIZE_MIN: u32 = 8;
pub const FONT_SIZE_MAX: u32 = 400;
/// The smallest side of a layer, in pixels.
pub const LAYER_MIN_PX: i32 = 10;
/// The label a shopper sees over a personalizable text.
pub const PERSONAL_LABEL_MAX_CHARS: usize = 40;
/// The most characters a shopper may be allowed to type.
pub const PERSONAL_LENGTH_MAX: u32 = 100;
/// An image address and its description.
pub const IMAGE_SRC_MAX_CHARS: usize = 1000;
pub const IMAGE_ALT_MAX_CHARS: usize = 200;
/// Ids given by the editor (surfaces and layers).
pub const ID_MAX_CHARS: usize = 100;
/// A whole design as JSON: room for 60 pages and a cover of 20 full layers each.
pub const DESIGN_MAX_BYTES: usize = 4 * 1024 * 1024;
/// The fonts a text layer may use (available to the print service and every browser).
pub const FONTS: [&str; 6] = [
    "Arial",
    "Georgia",
    "Times New Roman",
    "Courier New",
    "Verdana",
    "Trebuchet MS",
];
pub const ALIGNS: [&str; 3] = ["left", "center", "right"];
/// How far one arrow key moves a layer, and with Shift.
pub const NUDGE_PX: i32 = 10;
pub const NUDGE_LARGE_PX: i32 = 100;
/// A two-page book's print file: the bleed around each spread and the gutter at its fold.
pub const BOOK2_BLEED_MM: u32 = 3;
pub const BOOK2_GUTTER_MM: u32 = 12;

/// A standard surface: its role and its print size (300 dpi).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SurfaceSize {
    pub role: &'static str,
    pub width_px: u32,
    pub height_px: u32,
    pub width_mm: u32,
    pub height_mm: u32,
}

impl From<&SurfaceSize> for StandardSurfaceSize {
    fn from(size: &SurfaceSize) -> Self {
        StandardSurfaceSize {
            role: size.role.to_owned(),
            width_px: size.width_px,
            height_px: size.height_px,
            width_mm: size.width_mm,
            height_mm: size.height_mm,
        }
    }
}

const fn size(role: &'static str, w_px: u32, h_px: u32, w_mm: u32, h_mm: u32) -> SurfaceSize {
    SurfaceSize {
        role,
        width_px: w_px,
        height_px: h_px,
        width_mm: w_mm,
        height_mm: h_mm,
    }
}

/// The print areas of a garment, in the order they are listed: 12 x 16 in on the body, 3.5 in
/// square on a sleeve.
pub const PRINT_AREAS: [SurfaceSize; 4] = [
    size("front", 3600, 4800, 305, 406),
    size("back", 3600, 4800, 305, 406),
    size("left-sleeve", 1050, 1050, 89, 89),
    size("right-sleeve", 1050, 1050, 89, 89),
];
/// A book's cover and pages: 8 in square.
pub const BOOK_COVER: SurfaceSize = size("cover", 2400, 2400, 203, 203);
pub const BOOK_PAGE: SurfaceSize = size("page", 2400, 2400, 203, 203);

/// A refusal: a stable code the UI translates, the place (`surface`, `surface.layer`,
/// `surface.layer.field`), the limit broken when there is one, and an English sentence.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct DesignError {
    pub code: &'static str,
    pub path: String,
    pub limit: Option<i64>,
    pub message: String,
}

impl DesignError {
    fn new(code: &'static str, path: impl Into<String>, message: impl Into<String>) -> Self {
        DesignError {
            code,
            path: path.into(),
            limit: None,
            message: message.into(),
        }
    }

    fn limited(code: &'static str, path: impl Into<String>, limit: usize, message: String) -> Self {
        DesignError {
            limit: i64::try_from(limit).ok(),
            ..DesignError::new(code, path, message)
        }
    }

    /// The body the API and the UI carry.
    pub fn to_body(&self) -> DesignErrorBody {
        DesignErrorBody {
            code: self.code.to_owned(),
            path: self.path.clone(),
            limit: self.limit,
            message: self.message.clone(),
        }
    }
}

/// The kind's name in the API's path and the store (`print`, `book`, `book2`).
pub fn kind_name(kind: DesignKind) -> &'static str {
    match kind {
        DesignKind::Print => "print",
        DesignKind::Book => "book",
        DesignKind::Book2 => "book2",
    }
}

/// The kind named `name`, if any.
pub fn parse_kind(name: &str) -> Option<DesignKind> {
    match name {
        "print" => Some(DesignKind::Print),
        "book" => Some(DesignKind::Book),
        "book2" => Some(DesignKind::Book2),
        _ => None,
    }
}

/// How many pages one page command adds, copies, moves or removes: a page, or a spread.
pub fn pages_per_step(kind: DesignKind) -> usize {
    if kind == DesignKind::Book2 { 2 } else { 1 }
}

fn surface_of(standard: &SurfaceSize, id: &str) -> Surface {
    Surface {
        id: id.to_owned(),
        role: standard.role.to_owned(),
        width_px: standard.width_px,
        height_px: standard.height_px,
        width_mm: standard.width_mm,
        height_mm: standard.height_mm,
        layers: Vec::new(),
    }
}

/// A product's design before anything is saved: Front and Back for a garment; a cover and four
/// pages for a book (two spreads in a two-page book).
pub fn default_design(kind: DesignKind) -> Design {
    let surfaces = match kind {
        DesignKind::Print => PRINT_AREAS[..2]
            .iter()
            .map(|area| surface_of(area, area.role))
            .collect(),
        DesignKind::Book | DesignKind::Book2 => std::iter::once(surface_of(&BOOK_COVER, "cover"))
            .chain((1..=4).map(|n| surface_of(&BOOK_PAGE, &format!("page-{n}"))))
            .collect(),
    };
    Design { kind, surfaces }
}

/// Where a new layer goes: centred, half the surface's width, as tall as its text's line (for
/// a text) or as its picture's `aspect` (width over height) asks, within the surface.
pub fn place_layer(
    surface: &Surface,
    id: &str,
    content: LayerContent,
    aspect: Option<f64>,
) -> Layer {
    let w = i32::try_from(surface.width_px).unwrap_or(i32::MAX);
    let h = i32::try_from(surface.height_px).unwrap_or(i32::MAX);
    let width = (w / 2).max(LAYER_MIN_PX);
    let height = match &content {
        LayerContent::Text(text) => i32::try_from(text.size).unwrap_or(LAYER_MIN_PX) * 3 / 2,
        LayerContent::Image(_) => {
            let aspect = aspect.filter(|a| a.is_finite() && *a > 0.0).unwrap_or(1.0);
            (f64::from(width) / aspect).round() as i32
        }
    }
    .clamp(LAYER_MIN_PX, h);
    Layer {
        id: id.to_owned(),
        x: (w - width) / 2,
        y: (h - height) / 2,
        width,
        height,
        content,
    }
}

/// `layer` brought inside `surface`: moved back within its edges (`keep_size`, after a drag), or
/// shrunk to fit from where it stands (after a resize), never below the smallest side.
pub fn fit_layer(surface: &Surface, layer: &Layer, keep_size: bool) -> Layer {
    let w = i32::try_from(surface.width_px).unwrap_or(i32::MAX);
    let h = i32::try_from(surface.height_px).unwrap_or(i32::MAX);
    let mut fitted = layer.clone();
    if keep_size {
        fitted.width = fitted.width.clamp(LAYER_MIN_PX, w);
        fitted.height = fitted.height.clamp(LAYER_MIN_PX, h);
        fitted.x = fitted.x.clamp(0, w - fitted.width);
        fitted.y = fitted.y.clamp(0, h - fitted.height);
    } else {
        fitted.x = fitted.x.clamp(0, w - LAYER_MIN_PX);
        fitted.y = fitted.y.clamp(0, h - LAYER_MIN_PX);
        fitted.width = fitted.width.clamp(LAYER_MIN_PX, w - fitted.x);
        fitted.height = fitted.height.clamp(LAYER_MIN_PX, h - fitted.y);
    }
    fitted
}

/// A new text layer's look: the first font, centred, dark grey, a size a tenth of the
/// surface's height within the limits.
pub fn default_text(surface: &Surface, text: &str) -> TextContent {
    TextContent {
        text: text.to_owned(),
        font: FONTS[0].to_owned(),
        size: (surface.height_px / 10).clamp(FONT_SIZE_MIN, FONT_SIZE_MAX),
        color: "#222222".to_owned(),
        align: "center".to_owned(),
        personalization: None,
    }
}

/// What the shopper is asked when a text becomes personalizable: `label`, and room for at least
/// 20 characters or the sample's length, within the limit.
pub fn default_personalization(text: &TextContent, label: &str) -> Personalization {
    let length = u32::try_from(chars(&text.text)).unwrap_or(PERSONAL_LENGTH_MAX);
    Personalization {
        label: label.to_owned(),
        max_length: length.clamp(20, PERSONAL_LENGTH_MAX),
    }
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

fn check_id(id: &str, path: &str, seen: &mut HashSet<String>) -> Option<DesignError> {
    if id.is_empty()
        || chars(id) > ID_MAX_CHARS
        || id.chars().any(|c| c.is_whitespace() || c == '.')
    {
        return Some(DesignError::new(
            "design.id",
            path,
            format!("An id must be 1 to {ID_MAX_CHARS} characters without spaces or dots."),
        ));
    }
    (!seen.insert(id.to_owned())).then(|| {
        DesignError::new(
            "design.duplicateId",
            path,
            format!("The id {id} is used twice."),
        )
    })
}

fn is_colour(value: &str) -> bool {
    value.len() == 7 && value.starts_with('#') && value[1..].chars().all(|c| c.is_ascii_hexdigit())
}

fn text_problems(text: &TextContent, path: &str, out: &mut Vec<DesignError>) {
    if text.text.trim().is_empty() {
        out.push(DesignError::new(
            "text.empty",
            format!("{path}.text"),
            "A text layer needs some text.",
        ));
    } else if chars(&text.text) > TEXT_MAX_CHARS {
        out.push(DesignError::limited(
            "text.tooLong",
            format!("{path}.text"),
            TEXT_MAX_CHARS,
            format!("A text layer holds at most {TEXT_MAX_CHARS} characters."),
        ));
    }
    if !FONTS.contains(&text.font.as_str()) {
        out.push(DesignError::new(
            "text.font",
            format!("{path}.font"),
            format!("The font {} is not offered.", text.font),
        ));
    }
    if !(FONT_SIZE_MIN..=FONT_SIZE_MAX).contains(&text.size) {
        out.push(DesignError {
            limit: Some(i64::from(FONT_SIZE_MAX)),
            ..DesignError::new(
                "text.size",
                format!("{path}.size"),
                format!("The font size must be {FONT_SIZE_MIN} to {FONT_SIZE_MAX} px."),
            )
        });
    }
    if !is_colour(&text.color) {
        out.push(DesignError::new(
            "text.color",
            format!("{path}.color"),
            "A colour is written #rrggbb.",
        ));
    }
    if !ALIGNS.contains(&text.align.as_str()) {
        out.push(DesignError::new(
            "text.align",
            format!("{path}.align"),
            "Text is aligned left, center or right.",
        ));
    }
    if let Some(personal) = &text.personalization {
        let label = personal.label.trim();
        if label.is_empty() || chars(label) > PERSONAL_LABEL_MAX_CHARS {
            out.push(DesignError::limited(
                "personal.label",
                format!("{path}.label"),
                PERSONAL_LABEL_MAX_CHARS,
                format!("The shopper's field needs a label of 1 to {PERSONAL_LABEL_MAX_CHARS} characters."),
            ));
        }
        if !(1..=PERSONAL_LENGTH_MAX).contains(&personal.max_length) {
            out.push(DesignError::limited(
                "personal.maxLength",
                format!("{path}.maxLength"),
                PERSONAL_LENGTH_MAX as usize,
                format!("The shopper may be allowed 1 to {PERSONAL_LENGTH_MAX} characters."),
            ));
        } else if chars(&text.text) > personal.max_length as usize {
            out.push(DesignError::limited(
                "personal.sampleTooLong",
                format!("{path}.text"),
                personal.max_length as usize,
                format!(
                    "The sample text is longer than the {} characters the shopper may type.",
                    personal.max_length
                ),
            ));
        }
    }
}

fn layer_problems(surface: &Surface, layer: &Layer, path: &str, out: &mut Vec<DesignError>) {
    if layer.width < LAYER_MIN_PX || layer.height < LAYER_MIN_PX {
        out.push(DesignError::limited(
            "layer.tooSmall",
            path,
            LAYER_MIN_PX as usize,
            format!("A layer is at least {LAYER_MIN_PX} px wide and high."),
        ));
    }
    let right = i64::from(layer.x) + i64::from(layer.width);
    let bottom = i64::from(layer.y) + i64::from(layer.height);
    if layer.x < 0
        || layer.y < 0
        || right > i64::from(surface.width_px)
        || bottom > i64::from(surface.height_px)
    {
        out.push(DesignError::new(
            "layer.outside",
            path,
            format!(
                "A layer must stay inside its {} x {} px surface.",
                surface.width_px, surface.height_px
            ),
        ));
    }
    match &layer.content {
        LayerContent::Text(text) => text_problems(text, path, out),
        LayerContent::Image(image) => {
            let src = image.src.as_str();
            let fine = (src.starts_with("/uploads/")
                || src.starts_with("https://")
                || src.starts_with("http://"))
                && chars(src) <= IMAGE_SRC_MAX_CHARS
                && !src
                    .chars()
                    .any(|c| c.is_whitespace() || c == '"' || c == '<' || c == '>');
            if !fine {
                out.push(DesignError::new(
                    "image.src",
                    format!("{path}.src"),
                    "An image must be an uploaded picture or a web address.",
                ));
            }
            if chars(&image.alt) > IMAGE_ALT_MAX_CHARS {
                out.push(DesignError::limited(
                    "image.alt",
                    format!("{path}.alt"),
                    IMAGE_ALT_MAX_CHARS,
                    format!(
                        "An image's description holds at most {IMAGE_ALT_MAX_CHARS} characters."
                    ),
                ));
            }
        }
    }
}

fn standard_of(kind: DesignKind, role: &str) -> Option<SurfaceSize> {
    match kind {
        DesignKind::Print => PRINT_AREAS.iter().find(|area| area.role == role).copied(),
        DesignKind::Book | DesignKind::Book2 => {
            [BOOK_COVER, BOOK_PAGE].into_iter().find(|s| s.role == role)
        }
    }
}

/// Every problem of a whole design of `kind`; empty when it may be saved.
pub fn problems(design: &Design, kind: DesignKind) -> Vec<DesignError> {
    let mut out = Vec::new();
    if design.kind != kind {
        out.push(DesignError::new(
            "design.kind",
            "kind",
            format!("This is not a {} design.", kind_name(kind)),
        ));
        return out;
    }
    let mut ids = HashSet::new();
    let mut roles = HashSet::new();
    for (index, surface) in design.surfaces.iter().enumerate() {
        let path = surface.id.clone();
        out.extend(check_id(&surface.id, &path, &mut ids));
        let expected_role = match kind {
            DesignKind::Print => None,
            _ if index == 0 => Some("cover"),
            _ => Some("page"),
        };
        let standard = standard_of(kind, &surface.role);
        let role_fine = match expected_role {
            Some(role) => surface.role == role,
            None => standard.is_some() && roles.insert(surface.role.clone()),
        };
        if !role_fine {
            let message = match kind {
                DesignKind::Print => "Each print area is Front, Back or a sleeve, once.",
                _ => "A book starts with its cover, followed by its pages.",
            };
            out.push(DesignError::new("design.role", path.clone(), message));
        } else if let Some(standard) = standard {
            let sized = (
                surface.width_px,
                surface.height_px,
                surface.width_mm,
                surface.height_mm,
            ) == (
                standard.width_px,
                standard.height_px,
                standard.width_mm,
                standard.height_mm,
            );
            if !sized {
                out.push(DesignError::new(
                    "design.size",
                    path.clone(),
                    "A surface keeps its standard print size.",
                ));
            }
        }
        if surface.layers.len() > LAYERS_MAX {
            out.push(DesignError::limited(
                "layer.max",
                path.clone(),
                LAYERS_MAX,
                format!("A surface holds at most {LAYERS_MAX} layers."),
            ));
        }
        for layer in &surface.layers {
            let layer_path = format!("{path}.{}", layer.id);
            out.extend(check_id(&layer.id, &layer_path, &mut ids));
            layer_problems(surface, layer, &layer_path, &mut out);
        }
    }
    match kind {
        DesignKind::Print => {
            if design.surfaces.is_empty() {
                out.push(DesignError::limited(
                    "area.min",
                    "surfaces",
                    1,
                    "A product has at least one print area.".to_owned(),
                ));
            } else if design.surfaces.len() > PRINT_AREAS_MAX {
                out.push(DesignError::limited(
                    "area.max",
                    "surfaces",
                    PRINT_AREAS_MAX,
                    format!("A product has at most {PRINT_AREAS_MAX} print areas."),
                ));
            }
        }
        DesignKind::Book | DesignKind::Book2 => {
            let pages = design.surfaces.len().saturating_sub(1);
            if pages < BOOK_PAGES_MIN {
                out.push(DesignError::limited(
                    "page.min",
                    "surfaces",
                    BOOK_PAGES_MIN,
                    format!("A book has at least {BOOK_PAGES_MIN} pages."),
                ));
            } else if pages > BOOK_PAGES_MAX {
                out.push(DesignError::limited(
                    "page.max",
                    "surfaces",
                    BOOK_PAGES_MAX,
                    format!("A book has at most {BOOK_PAGES_MAX} pages."),
                ));
            } else if !pages.is_multiple_of(pages_per_step(kind)) {
                out.push(DesignError::new(
                    "page.even",
                    "surfaces",
                    "A book of spreads has an even number of pages.",
                ));
            }
        }
    }
    out
}

fn find_surface(design: &Design, id: &str) -> Result<usize, DesignError> {
    design
        .surfaces
        .iter()
        .position(|surface| surface.id == id)
        .ok_or_else(|| {
            DesignError::new(
                "design.unknownSurface",
                id,
                "That surface is not in the design.",
            )
        })
}

fn find_layer(surface: &Surface, id: &str) -> Result<usize, DesignError> {
    surface
        .layers
        .iter()
        .position(|layer| layer.id == id)
        .ok_or_else(|| {
            DesignError::new(
                "design.unknownLayer",
                format!("{}.{id}", surface.id),
                "That layer is not on this surface.",
            )
        })
}

/// The first index and length of the page step (a page, or a spread) holding surface `index`
/// of a book; `None` for the cover or a print design.
fn step_of(design: &Design, index: usize) -> Option<(usize, usize)> {
    if design.kind == DesignKind::Print || index == 0 {
        return None;
    }
    let step = pages_per_step(design.kind);
    let start = 1 + (index - 1) / step * step;
    Some((start, step.min(design.surfaces.len() - start)))
}

fn book_only(design: &Design) -> Result<(), DesignError> {
    if design.kind == DesignKind::Print {
        return Err(DesignError::new(
            "design.kind",
            "kind",
            "A print design has areas, not pages.",
        ));
    }
    Ok(())
}

fn fresh_pages(design: &Design, ids: &[String]) -> Result<(), DesignError> {
    let step = pages_per_step(design.kind);
    if ids.len() != step {
        return Err(DesignError::limited(
            "page.step",
            "surfaces",
            step,
            format!("Pages are added {step} at a time here."),
        ));
    }
    let pages = design.surfaces.len() - 1;
    if pages + step > BOOK_PAGES_MAX {
        return Err(DesignError::limited(
            "page.max",
            "surfaces",
            BOOK_PAGES_MAX,
            format!("A book has at most {BOOK_PAGES_MAX} pages."),
        ));
    }
    Ok(())
}

fn change(design: &Design, command: &DesignCommand) -> Result<Design, DesignError> {
    let mut next = design.clone();
    match command {
        DesignCommand::AddLayer { surface, layer } => {
            let index = find_surface(design, surface)?;
            let target = &mut next.surfaces[index];
            if target.layers.len() >= LAYERS_MAX {
                return Err(DesignError::limited(
                    "layer.max",
                    surface.clone(),
                    LAYERS_MAX,
                    format!("A surface holds at most {LAYERS_MAX} layers."),
                ));
            }
            target.layers.push(layer.clone());
        }
        DesignCommand::UpdateLayer { surface, layer } => {
            let index = find_surface(design, surface)?;
            let at = find_layer(&design.surfaces[index], &layer.id)?;
            next.surfaces[index].layers[at] = layer.clone();
        }
        DesignCommand::RemoveLayer { surface, layer } => {
            let index = find_surface(design, surface)?;
            let at = find_layer(&design.surfaces[index], layer)?;
            next.surfaces[index].layers.remove(at);
        }
        DesignCommand::MoveLayer { surface, layer, to } => {
            let index = find_surface(design, surface)?;
            let at = find_layer(&design.surfaces[index], layer)?;
            let layers = &mut next.surfaces[index].layers;
            let to = (*to as usize).min(layers.len() - 1);
            let moved = layers.remove(at);
            layers.insert(to, moved);
        }
        DesignCommand::AddArea { id, role } => {
            if design.kind != DesignKind::Print {
                return Err(DesignError::new(
                    "design.kind",
                    "kind",
                    "A book has pages, not print areas.",
                ));
            }
            if design.surfaces.len() >= PRINT_AREAS_MAX {
                return Err(DesignError::limited(
                    "area.max",
                    "surfaces",
                    PRINT_AREAS_MAX,
                    format!("A product has at most {PRINT_AREAS_MAX} print areas."),
                ));
            }
            let Some(order) = PRINT_AREAS.iter().position(|area| area.role == role) else {
                return Err(DesignError::new(
                    "design.role",
                    id.clone(),
                    "Each print area is Front, Back or a sleeve, once.",
                ));
            };
            let at = next
                .surfaces
                .iter()
                .position(|s| {
                    PRINT_AREAS
                        .iter()
                        .position(|area| area.role == s.role)
                        .is_some_and(|o| o > order)
                })
                .unwrap_or(next.surfaces.len());
            next.surfaces
                .insert(at, surface_of(&PRINT_AREAS[order], id));
        }
        DesignCommand::AddPages { after, ids } => {
            book_only(design)?;
            fresh_pages(design, ids)?;
            let index = find_surface(design, after)?;
            let at = step_of(design, index).map_or(1, |(start, len)| start + len);
            for (offset, id) in ids.iter().enumerate() {
                next.surfaces
                    .insert(at + offset, surface_of(&BOOK_PAGE, id));
            }
        }
        DesignCommand::DuplicatePages { surface, ids } => {
            book_only(design)?;
            fresh_pages(design, ids)?;
            let index = find_surface(design, surface)?;
            let (start, len) = step_of(design, index).ok_or_else(|| {
                DesignError::new(
                    "page.cover",
                    surface.clone(),
                    "The cover cannot be copied or removed.",
                )
            })?;
            for (offset, id) in ids.iter().enumerate().take(len) {
                let mut copy = design.surfaces[start + offset].clone();
                copy.id = id.clone();
                for (n, layer) in copy.layers.iter_mut().enumerate() {
                    layer.id = format!("{id}-{n}");
                }
                next.surfaces.insert(start + len + offset, copy);
            }
        }
        DesignCommand::RemoveSurface { surface } => {
            let index = find_surface(design, surface)?;
            if design.kind == DesignKind::Print {
                if design.surfaces.len() <= 1 {
                    return Err(DesignError::limited(
                        "area.min",
                        "surfaces",
                        1,
                        "A product has at least one print area.".to_owned(),
                    ));
                }
                next.surfaces.remove(index);
            } else {
                let (start, len) = step_of(design, index).ok_or_else(|| {
                    DesignError::new(
                        "page.cover",
                        surface.clone(),
                        "The cover cannot be copied or removed.",
                    )
                })?;
                if design.surfaces.len() - 1 - len < BOOK_PAGES_MIN {
                    return Err(DesignError::limited(
                        "page.min",
                        "surfaces",
                        BOOK_PAGES_MIN,
                        format!("A book has at least {BOOK_PAGES_MIN} pages."),
                    ));
                }
                next.surfaces.drain(start..start + len);
            }
        }
        DesignCommand::MovePages { surface, to } => {
            book_only(design)?;
            let index = find_surface(design, surface)?;
            let (start, len) = step_of(design, index).ok_or_else(|| {
                DesignError::new("page.cover", surface.clone(), "The cover stays first.")
            })?;
            let step = pages_per_step(design.kind);
            let steps = (design.surfaces.len() - 1) / step;
            let to = (*to as usize).min(steps.saturating_sub(1));
            let moved: Vec<Surface> = next.surfaces.drain(start..start + len).collect();
            let at = 1 + to * step;
            for (offset, page) in moved.into_iter().enumerate() {
                next.surfaces.insert(at + offset, page);
            }
        }
    }
    Ok(next)
}

/// Applies one edit: the new design, or the first rule it breaks (the design is unchanged).
pub fn apply(design: &Design, command: &DesignCommand) -> Result<Design, DesignError> {
    let next = change(design, command)?;
    match problems(&next, design.kind).into_iter().next() {
        Some(error) => Err(error),
        None => Ok(next),
    }
}

/// How the editor shows a design, one view at a time: each print area alone; a book's cover,
/// then each page; a two-page book's cover, then each spread (left and right page). Each view
/// lists surface indices.
pub fn views(design: &Design) -> Vec<Vec<usize>> {
    match design.kind {
        DesignKind::Print | DesignKind::Book => {
            (0..design.surfaces.len()).map(|i| vec![i]).collect()
        }
        DesignKind::Book2 => {
            let mut views = vec![vec![0]];
            let pages: Vec<usize> = (1..design.surfaces.len()).collect();
            views.extend(pages.chunks(2).map(<[usize]>::to_vec));
            views
        }
    }
}
