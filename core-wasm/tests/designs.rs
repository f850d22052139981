//! The product design rules: defaults, limits of layers, texts and pages, and the edits of the
//! three editors.

use core_wasm::designs::{
    BOOK_PAGES_MAX, FONT_SIZE_MAX, LAYERS_MAX, PRINT_AREAS_MAX, apply, default_design,
    default_personalization, default_text, fit_layer, place_layer, problems, views,
};
use shared_types::designs::{
    Design, DesignCommand, DesignKind, ImageContent, Layer, LayerContent, Personalization,
};

fn text_layer(design: &Design, surface: usize, id: &str) -> Layer {
    let surface = &design.surfaces[surface];
    place_layer(
        surface,
        id,
        LayerContent::Text(default_text(surface, "Hello")),
        None,
    )
}

fn add_text(design: &Design, surface: usize, id: &str) -> Result<Design, String> {
    apply(
        design,
        &DesignCommand::AddLayer {
            surface: design.surfaces[surface].id.clone(),
            layer: text_layer(design, surface, id),
        },
    )
    .map_err(|e| e.code.to_owned())
}

fn code(result: Result<Design, core_wasm::designs::DesignError>) -> String {
    result.expect_err("a refusal").code.to_owned()
}

#[test]
fn every_default_design_is_valid_and_shown_by_its_views() {
    for kind in [DesignKind::Print, DesignKind::Book, DesignKind::Book2] {
        let design = default_design(kind);
        assert!(problems(&design, kind).is_empty(), "{kind:?}");
    }
    assert_eq!(
        views(&default_design(DesignKind::Print)),
        [vec![0], vec![1]]
    );
    assert_eq!(views(&default_design(DesignKind::Book)).len(), 5);
    assert_eq!(
        views(&default_design(DesignKind::Book2)),
        [vec![0], vec![1, 2], vec![3, 4]]
    );
}

#[test]
fn a_design_of_another_kind_is_refused() {
    let book = default_design(DesignKind::Book);
    assert_eq!(problems(&book, DesignKind::Print)[0].code, "design.kind");
}

#[test]
fn a_new_layer_is_centred_inside_its_surface_and_an_image_keeps_its_aspect() {
    let design = default_design(DesignKind::Print);
    let layer = text_layer(&design, 0, "t1");
    assert_eq!(layer.x, (3600 - layer.width) / 2);
    let image = place_layer(
        &design.surfaces[0],
        "i1",
        LayerContent::Image(ImageContent {
            src: "/uploads/a.png".to_owned(),
            alt: String::new(),
        }),
        Some(2.0),
    );
    assert_eq!(image.width, image.height * 2);
    assert!(add_text(&design, 0, "t1").is_ok());
}

#[test]
fn a_surface_holds_at_most_its_layers() {
    let mut design = default_design(DesignKind::Print);
    for n in 0..LAYERS_MAX {
        design = add_text(&design, 0, &format!("t{n}")).expect("room");
    }
    assert_eq!(
        add_text(&design, 0, "one-more").expect_err("a refusal"),
        "layer.max"
    );
    assert_eq!(
        add_text(&design, 0, "t0").expect_err("a refusal"),
        "layer.max",
        "the limit is checked first"
    );
    let design = add_text(&default_design(DesignKind::Print), 0, "a").expect("one");
    assert_eq!(
        add_text(&design, 1, "a").expect_err("a refusal"),
        "design.duplicateId"
    );
}

#[test]
fn a_layer_stays_inside_its_area_and_its_text_within_the_limits() {
    let design = add_text(&default_design(DesignKind::Print), 0, "t").expect("added");
    let layer = design.surfaces[0].layers[0].clone();
    let update = |layer: Layer| {
        apply(
            &design,
            &DesignCommand::UpdateLayer {
                surface: "front".to_owned(),
                layer,
            },
        )
    };
    let moved = Layer {
        x: 0,
        y: 0,
        ..layer.clone()
    };
    assert!(update(moved).is_ok());
    let outside = Layer {
        x: 3600 - layer.width + 1,
        ..layer.clone()
    };
    assert_eq!(code(update(outside)), "layer.outside");
    let fitted = fit_layer(
        &design.surfaces[0],
        &Layer {
            x: 5000,
            y: -20,
            ..layer.clone()
        },
        true,
    );
    assert_eq!(
        (fitted.x, fitted.y, fitted.width),
        (3600 - layer.width, 0, layer.width)
    );
    let shrunk = fit_layer(
        &design.surfaces[0],
        &Layer {
            x: 3000,
            width: 5000,
            ..layer.clone()
        },
        false,
    );
    assert_eq!((shrunk.x, shrunk.width), (3000, 600));
    assert!(update(fitted).is_ok());
    let tiny = Layer {
        width: 5,
        ..layer.clone()
    };
    assert_eq!(code(update(tiny)), "layer.tooSmall");
    let with_text = |change: &dyn Fn(&mut shared_types::designs::TextContent)| {
        let mut layer = layer.clone();
        if let LayerContent::Text(text) = &mut layer.content {
            change(text);
        }
        layer
    };
    let big = update(with_text(&|t| t.size = FONT_SIZE_MAX + 1)).expect_err("too big");
    assert_eq!(
        (big.code, big.limit),
        ("text.size", Some(i64::from(FONT_SIZE_MAX)))
    );
    assert_eq!(
        code(update(with_text(&|t| t.text = "x".repeat(301)))),
        "text.tooLong"
    );
    assert_eq!(
        code(update(with_text(&|t| t.text = "  ".to_owned()))),
        "text.empty"
    );
    assert_eq!(
        code(update(with_text(&|t| t.font = "Comic".to_owned()))),
        "text.font"
    );
    assert_eq!(
        code(update(with_text(&|t| t.color = "red".to_owned()))),
        "text.color"
    );
    assert_eq!(
        code(update(with_text(&|t| t.align = "justify".to_owned()))),
        "text.align"
    );
}

#[test]
fn a_personalizable_text_needs_a_label_and_a_length_its_sample_fits() {
    let design = add_text(&default_design(DesignKind::Print), 0, "t").expect("added");
    let layer = design.surfaces[0].layers[0].clone();
    let personal = |label: &str, max_length: u32| {
        let mut layer = layer.clone();
        if let LayerContent::Text(text) = &mut layer.content {
            text.personalization = Some(Personalization {
                label: label.to_owned(),
                max_length,
            });
        }
        apply(
            &design,
            &DesignCommand::UpdateLayer {
                surface: "front".to_owned(),
                layer,
            },
        )
    };
    assert!(personal("Your name", 12).is_ok());
    let sample = default_text(&design.surfaces[0], "Hello");
    assert_eq!(default_personalization(&sample, "Name").max_length, 20);
    let long = default_text(&design.surfaces[0], &"x".repeat(150));
    assert_eq!(default_personalization(&long, "Name").max_length, 100);
    assert_eq!(code(personal(" ", 12)), "personal.label");
    assert_eq!(code(personal(&"n".repeat(41), 12)), "personal.label");
    assert_eq!(code(personal("Name", 0)), "personal.maxLength");
    assert_eq!(code(personal("Name", 101)), "personal.maxLength");
    assert_eq!(code(personal("Name", 3)), "personal.sampleTooLong");
}

#[test]
fn an_image_is_an_uploaded_picture_or_a_web_address() {
    let design = default_design(DesignKind::Print);
    let image = |src: &str| {
        let layer = place_layer(
            &design.surfaces[0],
            "i",
            LayerContent::Image(ImageContent {
                src: src.to_owned(),
                alt: String::new(),
            }),
            None,
        );
        apply(
            &design,
            &DesignCommand::AddLayer {
                surface: "front".to_owned(),
                layer,
            },
        )
    };
    assert!(image("/uploads/abc.png").is_ok());
    assert_eq!(code(image("javascript:alert(1)")), "image.src");
    assert_eq!(code(image("/uploads/a\" onerror=\"x")), "image.src");
}

#[test]
fn layers_are_reordered_and_removed() {
    let design = add_text(&default_design(DesignKind::Print), 0, "a").expect("a");
    let design = add_text(&design, 0, "b").expect("b");
    let moved = apply(
        &design,
        &DesignCommand::MoveLayer {
            surface: "front".to_owned(),
            layer: "b".to_owned(),
            to: 0,
        },
    )
    .expect("moved");
    let ids: Vec<_> = moved.surfaces[0]
        .layers
        .iter()
        .map(|l| l.id.as_str())
        .collect();
    assert_eq!(ids, ["b", "a"]);
    let removed = apply(
        &moved,
        &DesignCommand::RemoveLayer {
            surface: "front".to_owned(),
            layer: "a".to_owned(),
        },
    )
    .expect("removed");
    assert_eq!(removed.surfaces[0].layers.len(), 1);
    let unknown = DesignCommand::RemoveLayer {
        surface: "front".to_owned(),
        layer: "zz".to_owned(),
    };
    assert_eq!(code(apply(&removed, &unknown)), "design.unknownLayer");
}

#[test]
fn print_areas_are_each_role_once_in_order_and_at_least_one() {
    let design = default_design(DesignKind::Print);
    let add = |design: &Design, id: &str, role: &str| {
        apply(
            design,
            &DesignCommand::AddArea {
                id: id.to_owned(),
                role: role.to_owned(),
            },
        )
    };
    assert_eq!(code(add(&design, "b2", "back")), "design.role");
    assert_eq!(code(add(&design, "x", "hood")), "design.role");
    let right = add(&design, "right-sleeve", "right-sleeve").expect("right");
    let all = add(&right, "left-sleeve", "left-sleeve").expect("left");
    let roles: Vec<_> = all.surfaces.iter().map(|s| s.role.as_str()).collect();
    assert_eq!(roles, ["front", "back", "left-sleeve", "right-sleeve"]);
    assert_eq!(all.surfaces.len(), PRINT_AREAS_MAX);
    assert_eq!(code(add(&all, "x", "front")), "area.max");
    let remove = |design: &Design, id: &str| {
        apply(
            design,
            &DesignCommand::RemoveSurface {
                surface: id.to_owned(),
            },
        )
    };
    let one = remove(&design, "back").expect("removed");
    assert_eq!(code(remove(&one, "front")), "area.min");
    let pages = DesignCommand::AddPages {
        after: "front".to_owned(),
        ids: vec!["p".to_owned()],
    };
    assert_eq!(code(apply(&design, &pages)), "design.kind");
}

#[test]
fn a_book_has_a_cover_and_two_to_sixty_pages() {
    let mut design = default_design(DesignKind::Book);
    let mut n = 0;
    while design.surfaces.len() - 1 < BOOK_PAGES_MAX {
        n += 1;
        design = apply(
            &design,
            &DesignCommand::AddPages {
                after: "cover".to_owned(),
                ids: vec![format!("new-{n}")],
            },
        )
        .expect("room");
    }
    assert_eq!(
        design.surfaces[1].id,
        format!("new-{n}"),
        "added right after the cover"
    );
    let more = DesignCommand::AddPages {
        after: "cover".to_owned(),
        ids: vec!["last".to_owned()],
    };
    let refused = apply(&design, &more).expect_err("full");
    assert_eq!((refused.code, refused.limit), ("page.max", Some(60)));

    let small = apply(
        &default_design(DesignKind::Book),
        &DesignCommand::RemoveSurface {
            surface: "page-1".to_owned(),
        },
    )
    .expect("three left");
    let small = apply(
        &small,
        &DesignCommand::RemoveSurface {
            surface: "page-2".to_owned(),
        },
    )
    .expect("two left");
    let refused = apply(
        &small,
        &DesignCommand::RemoveSurface {
            surface: "page-3".to_owned(),
        },
    )
    .expect_err("two is the least");
    assert_eq!(refused.code, "page.min");
    let cover = DesignCommand::RemoveSurface {
        surface: "cover".to_owned(),
    };
    assert_eq!(code(apply(&small, &cover)), "page.cover");
}

#[test]
fn pages_are_duplicated_with_their_layers_and_moved() {
    let design = add_text(&default_design(DesignKind::Book), 1, "t").expect("text");
    let copied = apply(
        &design,
        &DesignCommand::DuplicatePages {
            surface: "page-1".to_owned(),
            ids: vec!["copy".to_owned()],
        },
    )
    .expect("copied");
    assert_eq!(copied.surfaces[2].id, "copy");
    assert_eq!(copied.surfaces[2].layers[0].id, "copy-0");
    let moved = apply(
        &copied,
        &DesignCommand::MovePages {
            surface: "copy".to_owned(),
            to: 4,
        },
    )
    .expect("moved");
    let ids: Vec<_> = moved.surfaces.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        ids,
        ["cover", "page-1", "page-2", "page-3", "page-4", "copy"]
    );
}

#[test]
fn a_book_of_spreads_adds_moves_and_removes_whole_spreads() {
    let design = default_design(DesignKind::Book2);
    let one = DesignCommand::AddPages {
        after: "page-2".to_owned(),
        ids: vec!["a".to_owned()],
    };
    assert_eq!(code(apply(&design, &one)), "page.step");
    let added = apply(
        &design,
        &DesignCommand::AddPages {
            after: "page-1".to_owned(),
            ids: vec!["a".to_owned(), "b".to_owned()],
        },
    )
    .expect("a spread");
    let ids: Vec<_> = added.surfaces.iter().map(|s| s.id.as_str()).collect();
    assert_eq!(
        ids,
        ["cover", "page-1", "page-2", "a", "b", "page-3", "page-4"]
    );
    let moved = apply(
        &added,
        &DesignCommand::MovePages {
            surface: "b".to_owned(),
            to: 0,
        },
    )
    .expect("moved");
    assert_eq!(moved.surfaces[1].id, "a");
    assert_eq!(moved.surfaces[2].id, "b");
    let removed = apply(
        &moved,
        &DesignCommand::RemoveSurface {
            surface: "page-4".to_owned(),
        },
    )
    .expect("removed");
    assert_eq!(removed.surfaces.len(), 5);
    let last = apply(
        &removed,
        &DesignCommand::RemoveSurface {
            surface: "a".to_owned(),
        },
    )
    .expect("one spread left");
    let refused = apply(
        &last,
        &DesignCommand::RemoveSurface {
            surface: "page-1".to_owned(),
        },
    )
    .expect_err("two pages is the least");
    assert_eq!(refused.code, "page.min");
    let mut odd = default_design(DesignKind::Book2);
    odd.surfaces.pop();
    assert_eq!(problems(&odd, DesignKind::Book2)[0].code, "page.even");
}
