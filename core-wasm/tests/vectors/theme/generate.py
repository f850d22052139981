#!/usr/bin/env python3
"""Writes the shared theme vectors (run natively by core-wasm/tests/theme_vectors.rs and through
WebAssembly by ui/src/core/theme.test.ts).

The expected outcomes are derived here from the spec's rules (editor-and-analytics.md §4, §5, §9),
written out independently of the Rust code: bounds, messages, defaults and insert positions are
restated below from the spec, never computed by running the core. Re-run after changing a rule:
    python3 core-wasm/tests/vectors/theme/generate.py
"""
import json
import os

HERE = os.path.dirname(os.path.abspath(__file__))
FIX = os.path.join(HERE, "..", "..", "fixtures")
FIXTURES = {n: json.load(open(os.path.join(FIX, f"{n}.json"))) for n in ("hydro", "newchick")}

REQUIRED = "Required."                  # §5
INVALID = "Invalid number."             # §5
HOME = "/pages/homepage/sections"


def rng(a, b):
    return f"Must be between {a} and {b}."


def full(n, m):
    return f"{n}/{m} blocks used. Delete to add more."   # §5


def set_field(path, value):
    return {"kind": "setField", "path": path, "value": value}


def vector(name, fixture, commands, **expect):
    return {"name": name, "fixture": fixture, "commands": commands, "expect": expect}


def err(code, path=None, message=None):
    e = {"code": code}
    if path is not None:
        e["path"] = path
    if message is not None:
        e["message"] = message
    return e


def get(doc, pointer):
    here = doc
    for seg in pointer.split("/")[1:]:
        seg = seg.replace("~1", "/").replace("~0", "~")
        here = here[int(seg)] if isinstance(here, list) else here[seg]
    return here


def order(fixture):
    """The section list a fixture shows: header, sections by index without slider-product, footer."""
    secs = FIXTURES[fixture]["pages"]["homepage"]["sections"]
    keys = sorted(secs, key=lambda k: (secs[k]["index"], k))
    return keys


def visible(fixture, keys):
    # §2.3 hides slider-product sections; the editor lists them so they can be edited
    # (docs/decisions.md), so every section is listed.
    return ["header"] + list(keys) + ["footer"]


# ---------------------------------------------------------------- limits (§5)
def limits():
    out = []
    for fam in ("hydro", "newchick"):
        desktop = (2, 8) if fam == "newchick" else (2, 6)   # §5 "2 to 6 (2 to 8 when newchick)"
        fields = [
            ("featured_collection_per_row", f"{HOME}/featured-collection-1/settings/item_per_row", (4, 6)),
            ("limit_product", f"{HOME}/featured-collection-1/settings/limit_product", (1, 50)),
            ("slider_product_per_row", f"{HOME}/slider-product-1/settings/item_per_row", (4, 6)),
            ("slider_product_block_per_row", f"{HOME}/slider-product-1/settings/blocks/0/item_per_row", (4, 6)),
            ("collection_list_per_row", f"{HOME}/collection-list-1/settings/item_per_row", desktop),
            ("image_with_text_per_row", f"{HOME}/image-with-text-1/settings/item_per_row", desktop),
            ("key_features_per_row_mobile", f"{HOME}/key-features-1/settings/item_per_row_mobile", (2, 4)),
            ("slideshow_opacity", f"{HOME}/head-image-1/settings/opacity_image", (0, 100)),
            ("slide_interval", f"{HOME}/head-image-1/settings/change_slides_every", (1, 12)),
            ("font_size_price", "/settings/typography/font_size_price", (8, 80)),
            ("font_size_sale_tag", "/settings/typography/font_size_sale_tag", (8, 80)),
            ("suggestion_change", "/settings/element/search/time_change_suggestion", (1, 5)),
            ("shipping_from", "/settings/product/setting_shipping/time_shipping/from", (0, 100)),
            ("shipping_to", "/settings/product/setting_shipping/time_shipping/to", (0, 100)),
            ("checkout_step_layout", "/settings/product/checkoutStepLayout", (1, 3)),
        ]
        for label, path, (lo, hi) in fields:
            cases = [(lo, lo), (hi, hi)]
            if lo > 0:
                cases.append((lo - 1, None))
            cases.append((hi + 1, None))
            for value, stored in cases:
                ok = stored is not None
                name = f"{fam}_{label}_{'accepts' if ok else 'refuses'}_{value}"
                if ok:
                    out.append(vector(name, fam, [set_field(path, value)], values={path: stored}, undoAll=True))
                else:
                    out.append(vector(name, fam, [set_field(path, value)], error=err("value.outOfRange", path, rng(lo, hi))))
            out.append(vector(f"{fam}_{label}_stores_a_numeric_string_as_a_number", fam,
                              [set_field(path, str(hi))], values={path: hi}))
            out.append(vector(f"{fam}_{label}_refuses_letters_with_invalid_number", fam,
                              [set_field(path, "abc")], error=err("value.invalidNumber", path, INVALID)))
            out.append(vector(f"{fam}_{label}_refuses_empty_with_required", fam,
                              [set_field(path, "")], error=err("value.required", path, REQUIRED)))
        # Numeric fields without bounds (§5 "Goal amount ... and max line fields are numeric").
        for label, path in [("goal_amount", "/settings/cart_goal/goalAmount"),
                            ("max_line", "/settings/style/maxLineDisplayProduct")]:
            out.append(vector(f"{fam}_{label}_accepts_a_decimal_string", fam,
                              [set_field(path, "12.5")], values={path: 12.5}))
            out.append(vector(f"{fam}_{label}_refuses_a_negative_number", fam,
                              [set_field(path, "-3")], error=err("value.invalidNumber", path, INVALID)))
            out.append(vector(f"{fam}_{label}_refuses_two_decimal_points", fam,
                              [set_field(path, "1.2.3")], error=err("value.invalidNumber", path, INVALID)))
    return out


# ---------------------------------------------------------------- choices, rich text, flags
def choices():
    out = []
    for fam in ("hydro", "newchick"):
        iwt = f"{HOME}/image-with-text-1/settings/blocks/0/position"
        out.append(vector(f"{fam}_image_with_text_position_right_is_accepted", fam, [set_field(iwt, "right")], values={iwt: "right"}))
        out.append(vector(f"{fam}_image_with_text_position_center_is_refused", fam, [set_field(iwt, "center")],
                          error=err("value.notAllowed", iwt, "Must be one of: left, right.")))
        out.append(vector(f"{fam}_image_with_text_position_is_mandatory", fam, [set_field(iwt, "")],
                          error=err("value.required", iwt, REQUIRED)))
        out.append(vector(f"{fam}_image_with_text_position_cannot_be_null", fam, [set_field(iwt, None)],
                          error=err("value.required", iwt, REQUIRED)))
        out.append(vector(f"{fam}_image_with_text_block_without_position_is_refused", fam,
                          [set_field(f"{HOME}/image-with-text-1/settings/blocks/0", {"heading": "x"})],
                          error=err("value.required", iwt, REQUIRED)))
        slide = f"{HOME}/head-image-1/settings/content/desktop/0/position"
        for pos in ("left", "center", "right"):
            out.append(vector(f"{fam}_slide_position_{pos}_is_accepted", fam, [set_field(slide, pos)], values={slide: pos}))
        out.append(vector(f"{fam}_slide_position_top_is_refused", fam, [set_field(slide, "top")],
                          error=err("value.notAllowed", slide, "Must be one of: left, center, right.")))
        for label, path, good, allowed in [
            ("color_watch", "/settings/product/color_watch", "Circle", "Square, Circle"),
            ("sale_type", "/settings/product/layout/sale_type", "amount", "amount, percent"),
            ("variant_style", "/settings/product/layout/variant_style", "dropdown", "button, dropdown"),
            ("description_position", "/settings/product/position_tab_detail", "below", "right, below"),
            ("search_type_in_mobile", "/settings/element/search/type_search_in_mobile", "input", "icon, input"),
        ]:
            out.append(vector(f"{fam}_{label}_{good}_is_accepted", fam, [set_field(path, good)], values={path: good}, undoAll=True))
            out.append(vector(f"{fam}_{label}_unknown_is_refused", fam, [set_field(path, "Triangle")],
                              error=err("value.notAllowed", path, f"Must be one of: {allowed}.")))
        unit = "/settings/thankpage/steps/settings/blocks/1/unit"
        out.append(vector(f"{fam}_step_unit_hours_is_accepted", fam, [set_field(unit, "hours")], values={unit: "hours"}))
        out.append(vector(f"{fam}_step_unit_weeks_is_refused", fam, [set_field(unit, "weeks")],
                          error=err("value.notAllowed", unit, "Must be one of: days, hours, minutes.")))
        rich = "/settings/product/tabs-detail/1/content"
        sizes = "10px, 12px, 14px, 16px, 18px, 20px, 24px, 30px, 32px, 36px"
        for px in (10, 24, 36):
            html = f'<p style="font-size: {px}px">Hi</p>'
            out.append(vector(f"{fam}_rich_text_font_size_{px}px_is_accepted", fam, [set_field(rich, html)], values={rich: html}))
        for px in (11, 15, 40):
            html = f'<span style="font-size:{px}px">Hi</span>'
            out.append(vector(f"{fam}_rich_text_font_size_{px}px_is_refused", fam, [set_field(rich, html)],
                              error=err("value.notAllowed", rich, f"Must be one of: {sizes}.")))
        flag = "/settings/product/productRating"
        out.append(vector(f"{fam}_a_flag_takes_false", fam, [set_field(flag, False)], values={flag: False}))
        out.append(vector(f"{fam}_a_flag_refuses_text", fam, [set_field(flag, "yes")],
                          error=err("value.wrongType", flag, "Expected true or false.")))
        heading = f"{HOME}/featured-collection-1/settings/heading"
        out.append(vector(f"{fam}_a_free_text_field_is_set", fam, [set_field(heading, "Trending now")],
                          values={heading: "Trending now"}, undoAll=True))
        unknown = "/settings/colors/color_brand_new"
        out.append(vector(f"{fam}_an_unknown_field_is_added_and_undone", fam, [set_field(unknown, "#123456")],
                          values={unknown: "#123456"}, undoAll=True))
        link = f"{HOME}/image-with-text-1/settings/blocks/0/url_button"
        new_link = {"parent": "category", "slug": "sale", "name": "Sale", "params": {"slug": "sale"}}
        out.append(vector(f"{fam}_a_link_object_is_set_whole", fam, [set_field(link, new_link)], values={link: new_link}))
    return out


# ---------------------------------------------------------------- paths
def paths():
    out = []
    for fam in ("hydro", "newchick"):
        for label, path, code, epath in [
            ("font_choice_field", "/settings/typography/type_header_family/font", "path.managed", "/settings/typography/type_header_family"),
            ("countdown_time", "/settings/checkout/time/day", "path.managed", "/settings/checkout/time"),
            ("product_tab_list", "/settings/product/tabs-detail", "path.managed", "/settings/product/tabs-detail"),
            ("whole_product_group", "/settings/product", "path.managed", "/settings/product"),
            ("thank_you_steps", "/settings/thankpage/steps/settings/blocks", "path.managed", "/settings/thankpage/steps/settings/blocks"),
            ("section_blocks", f"{HOME}/collection-list-1/settings/blocks", "path.managed", f"{HOME}/collection-list-1/settings/blocks"),
            ("section_type", f"{HOME}/collection-list-1/type", "path.managed", f"{HOME}/collection-list-1/type"),
            ("section_index", f"{HOME}/collection-list-1/index", "path.managed", f"{HOME}/collection-list-1/index"),
            ("section_settings_object", f"{HOME}/collection-list-1/settings", "path.managed", f"{HOME}/collection-list-1/settings"),
            ("config_id", "/id", "path.managed", "/id"),
            ("missing_section", f"{HOME}/nope/settings/heading", "path.notFound", f"{HOME}/nope"),
            ("relative_path", "settings/colors", "path.invalid", "settings/colors"),
            ("bad_escape", "/settings/colors/a~2b", "path.invalid", "/settings/colors/a~2b"),
            ("list_index_past_end", "/settings/product/tabs-detail/9/heading", "path.notFound", "/settings/product/tabs-detail/9"),
        ]:
            out.append(vector(f"{fam}_setting_{label}_is_refused_with_{code.replace('.', '_')}", fam,
                              [set_field(path, 1)], error=err(code, epath)))
        # Not in the spec: at most 200,000 characters per field. The runners expand `$repeat`.
        long = {"$repeat": "x", "count": 200_001}
        out.append(vector(f"{fam}_a_huge_text_is_refused", fam, [set_field("/settings/checkout/customHtml", long)],
                          error=err("value.tooLong", "/settings/checkout/customHtml")))
    return out


# ---------------------------------------------------------------- sections (§2.3, §4)
ADDABLE = {
    "hydro": ["head-image", "collection_list", "image_with_text", "feature-content", "featured-collection",
              "key_features", "product-review", "product-widget", "slider-product"],
}
ADDABLE["newchick"] = ADDABLE["hydro"] + ["style-collection", "product_with_collection", "flash_deal"]
ALL_TYPES = ["header", "footer", "collection_list", "image_with_text", "feature-content", "head-image", "product-review",
             "featured-collection", "key_features", "style-collection", "slider-product", "product_with_collection",
             "flash_deal", "product-widget"]


def add(key, t, position, place="above"):
    return {"kind": "addSection", "key": key, "sectionType": t, "position": position, "place": place}


def sections():
    out = []
    for fam in ("hydro", "newchick"):
        keys = order(fam)
        out.append(vector(f"{fam}_the_section_list_shows_every_section", fam, [
            set_field(f"{HOME}/featured-collection-1/settings/heading", "x")], sections=visible(fam, keys)))
        for t in ALL_TYPES:
            if t in ADDABLE[fam]:
                new = keys[:1] + ["new-1"] + keys[1:]
                out.append(vector(f"{fam}_adding_{t}_below_the_first_section", fam, [add("new-1", t, 0, "below")],
                                  sections=visible(fam, new), values={f"{HOME}/new-1/type": t, f"{HOME}/new-1/index": 1,
                                                                      f"{HOME}/{keys[1]}/index": 2}, undoAll=True))
            else:
                out.append(vector(f"{fam}_adding_{t}_is_refused", fam, [add("new-1", t, 0)], error=err("section.notAddable")))
        # Defaults of new sections (§9).
        fc = f"{HOME}/fc-new/settings"
        out.append(vector(f"{fam}_a_new_featured_collection_has_the_defaults", fam, [add("fc-new", "featured-collection", 0)],
                          values={f"{fc}/item_per_row": 4, f"{fc}/limit_product": 18, f"{fc}/buttonLabel": "View more",
                                  f"{HOME}/fc-new/index": 0}))
        hi = f"{HOME}/hi-new/settings"
        out.append(vector(f"{fam}_a_new_slideshow_has_the_defaults", fam, [add("hi-new", "head-image", len(keys), "above")],
                          values={f"{hi}/opacity_image": 50, f"{hi}/change_slides_every": 4,
                                  f"{hi}/content/desktop/0/heading/content": "Walk the walk.",
                                  f"{hi}/content/desktop/0/buttonLabel/title": "Shop Now Test",
                                  f"{hi}/content/desktop/0/urlButton/name": "home",
                                  f"{hi}/content/desktop/0/position": "center",
                                  f"{HOME}/hi-new/index": len(keys)}))
        cl = f"{HOME}/cl-new/settings"
        out.append(vector(f"{fam}_a_new_collection_list_has_3_per_row_and_2_on_mobile", fam, [add("cl-new", "collection_list", 2)],
                          values={f"{cl}/item_per_row": 3, f"{cl}/item_per_row_mobile": 2}))
        out.append(vector(f"{fam}_a_new_image_with_text_has_3_per_row", fam, [add("iwt-new", "image_with_text", 2)],
                          values={f"{HOME}/iwt-new/settings/item_per_row": 3}))
        out.append(vector(f"{fam}_a_taken_key_is_refused", fam, [add(keys[0], "collection_list", 0)], error=err("section.keyTaken")))
        out.append(vector(f"{fam}_the_header_key_is_taken", fam, [add("header", "collection_list", 0)], error=err("section.keyTaken")))
        out.append(vector(f"{fam}_a_key_with_spaces_is_refused", fam, [add("bad key!", "collection_list", 0)], error=err("section.invalidKey")))
        out.append(vector(f"{fam}_adding_below_past_the_end_is_refused", fam, [add("x", "collection_list", len(keys), "below")],
                          error=err("section.badPosition")))
        out.append(vector(f"{fam}_adding_above_past_the_end_is_refused", fam, [add("x", "collection_list", len(keys) + 1)],
                          error=err("section.badPosition")))
        out.append(vector(f"{fam}_adding_at_the_very_end_is_accepted", fam, [add("x", "collection_list", len(keys) - 1, "below")],
                          values={f"{HOME}/x/index": len(keys)}))
        for fixed in ("header", "footer"):
            out.append(vector(f"{fam}_moving_the_{fixed}_is_refused", fam, [{"kind": "moveSection", "key": fixed, "to": 0}],
                              error=err("section.fixed")))
            out.append(vector(f"{fam}_removing_the_{fixed}_is_refused", fam, [{"kind": "removeSection", "key": fixed}],
                              error=err("section.fixed")))
        last = keys[-1]
        moved = [last] + keys[:-1]
        out.append(vector(f"{fam}_moving_the_last_section_to_the_top_reindexes_all", fam,
                          [{"kind": "moveSection", "key": last, "to": 0}], sections=visible(fam, moved),
                          values={f"{HOME}/{k}/index": i for i, k in enumerate(moved)}, undoAll=True))
        first = keys[0]
        moved = keys[1:3] + [first] + keys[3:]
        out.append(vector(f"{fam}_moving_the_first_section_to_position_2", fam,
                          [{"kind": "moveSection", "key": first, "to": 2}], sections=visible(fam, moved),
                          values={f"{HOME}/{first}/index": 2, f"{HOME}/{keys[1]}/index": 0}))
        out.append(vector(f"{fam}_moving_past_the_end_is_refused", fam, [{"kind": "moveSection", "key": first, "to": len(keys)}],
                          error=err("section.badPosition")))
        out.append(vector(f"{fam}_moving_a_missing_section_is_refused", fam, [{"kind": "moveSection", "key": "ghost", "to": 0}],
                          error=err("section.notFound", f"{HOME}/ghost")))
        removed = keys[:2] + keys[3:]
        out.append(vector(f"{fam}_removing_a_section_reindexes_the_rest", fam, [{"kind": "removeSection", "key": keys[2]}],
                          sections=visible(fam, removed), absent=[f"{HOME}/{keys[2]}"],
                          values={f"{HOME}/{keys[3]}/index": 2}, undoAll=True))
        out.append(vector(f"{fam}_slider_product_sections_are_kept_when_another_is_removed", fam,
                          [{"kind": "removeSection", "key": keys[0]}],
                          values={f"{HOME}/slider-product-1/type": "slider-product"}))
        out.append(vector(f"{fam}_removing_a_missing_section_is_refused", fam, [{"kind": "removeSection", "key": "ghost"}],
                          error=err("section.notFound")))
    return out


# ---------------------------------------------------------------- lists (§4, §5, §9)
def item(kind, **k):
    return dict({"kind": kind}, **k)


def lists():
    out = []
    tabs = {"list": "productTabs"}
    steps = {"list": "thankYouSteps"}
    pol = {"list": "deliveryPolicies"}
    desc = {"list": "descriptionTabs"}
    T = "/settings/product/tabs-detail"
    S = "/settings/thankpage/steps/settings/blocks"
    P = "/settings/thankpage/delivery_policies/settings/blocks"
    D = "/settings/product/setting_description"
    for fam in ("hydro", "newchick"):
        f = FIXTURES[fam]["settings"]
        ntabs = len(f["product"]["tabs-detail"])
        adds = [item("addItem", list=tabs, id=f"t{i}") for i in range(5 - ntabs)]
        if adds:
            out.append(vector(f"{fam}_product_tabs_are_added_up_to_5", fam, adds,
                              values={f"{T}/{ntabs}/heading": "Tab new", f"{T}/{ntabs}/type": "custom",
                                      f"{T}/{ntabs}/display": "html", f"{T}/{ntabs}/id": "t0"}, undoAll=True))
        out.append(vector(f"{fam}_a_sixth_product_tab_is_refused_with_n_of_5_message", fam,
                          adds + [item("addItem", list=tabs)], error=err("list.full", T, full(5, 5))))
        out.append(vector(f"{fam}_a_new_tab_without_an_id_gets_the_first_free_one", fam,
                          [item("removeItem", list=tabs, index=1), item("addItem", list=tabs)],
                          values={f"{T}/{ntabs - 1}/id": "tab-1"}))
        out.append(vector(f"{fam}_a_taken_tab_id_is_refused", fam, [item("addItem", list=tabs, id="tab-description")] if ntabs < 5
                          else [item("removeItem", list=tabs, index=4), item("addItem", list=tabs, id="tab-description")],
                          error=err("command.malformed")))
        out.append(vector(f"{fam}_the_description_tab_cannot_be_deleted", fam, [item("removeItem", list=tabs, index=0)],
                          error=err("list.notDeletable", f"{T}/0")))
        out.append(vector(f"{fam}_a_custom_tab_is_deleted", fam, [item("removeItem", list=tabs, index=1)],
                          values={f"{T}/1/id": "tab-returns"}, undoAll=True))
        out.append(vector(f"{fam}_a_tab_past_the_end_is_not_found", fam, [item("removeItem", list=tabs, index=7)],
                          error=err("list.noSuchItem", T)))
        out.append(vector(f"{fam}_tabs_are_reordered", fam, [item("moveItem", list=tabs, **{"from": 2, "to": 0})],
                          values={f"{T}/0/id": "tab-returns", f"{T}/1/id": "tab-description"}, undoAll=True))
        # Steps: inserted at index 2, default steps stay, at most 4 custom.
        nsteps = len(f["thankpage"]["steps"]["settings"]["blocks"])
        custom = sum(1 for s in f["thankpage"]["steps"]["settings"]["blocks"] if s.get("isEdit"))
        out.append(vector(f"{fam}_a_new_step_is_inserted_at_index_2", fam, [item("addItem", list=steps)],
                          values={f"{S}/2/name": "Custom step", f"{S}/2/isEdit": True, f"{S}/2/time": 1, f"{S}/2/unit": "days",
                                  f"{S}/{nsteps}/name": "Shipped"}, undoAll=True))
        fill = [item("addItem", list=steps) for _ in range(4 - custom)]
        out.append(vector(f"{fam}_a_fifth_custom_step_is_refused", fam, fill + [item("addItem", list=steps)],
                          error=err("list.full", S, full(4, 4))))
        out.append(vector(f"{fam}_a_default_step_cannot_be_deleted", fam, [item("removeItem", list=steps, index=0)],
                          error=err("list.notDeletable", f"{S}/0")))
        out.append(vector(f"{fam}_a_custom_step_is_deleted", fam, [item("addItem", list=steps), item("removeItem", list=steps, index=2)],
                          values={f"{S}/2/name": get(FIXTURES[fam], f"{S}/2/name")}))
        # Delivery policies: at most 3.
        npol = len(f["thankpage"]["delivery_policies"]["settings"]["blocks"])
        fillp = [item("addItem", list=pol) for _ in range(3 - npol)]
        if fillp:
            out.append(vector(f"{fam}_a_delivery_policy_is_added", fam, fillp,
                              values={f"{P}/{npol}/name": "Delivery policy"}, undoAll=True))
        out.append(vector(f"{fam}_a_fourth_delivery_policy_is_refused", fam, fillp + [item("addItem", list=pol)],
                          error=err("list.full", P, full(3, 3))))
        out.append(vector(f"{fam}_a_delivery_policy_is_removed", fam, [item("removeItem", list=pol, index=0)],
                          values={f"{P}/0/name": "Shipping time"}))
        # Description tabs: at most 3.
        ndesc = len(f["product"]["setting_description"])
        filld = [item("addItem", list=desc) for _ in range(3 - ndesc)]
        if filld:
            out.append(vector(f"{fam}_a_description_tab_is_added_with_heading_Heading", fam, filld,
                              values={f"{D}/{ndesc}/heading": "Heading"}))
        out.append(vector(f"{fam}_a_fourth_description_tab_is_refused", fam, filld + [item("addItem", list=desc)],
                          error=err("list.full", D, full(3, 3))))
        # Section blocks and slides.
        cl = f"{HOME}/collection-list-1/settings/blocks"
        out.append(vector(f"{fam}_a_collection_block_is_added", fam,
                          [item("addItem", list={"list": "sectionBlocks", "section": "collection-list-1"})],
                          values={f"{cl}/3/title": ""}, undoAll=True))
        iwt = f"{HOME}/image-with-text-1/settings/blocks"
        out.append(vector(f"{fam}_a_new_image_with_text_block_has_a_position", fam,
                          [item("addItem", list={"list": "sectionBlocks", "section": "image-with-text-1"})],
                          values={f"{iwt}/1/position": "left"}))
        out.append(vector(f"{fam}_blocks_of_a_slideshow_are_slides", fam,
                          [item("addItem", list={"list": "sectionBlocks", "section": "head-image-1"})],
                          error=err("list.wrongSection", f"{HOME}/head-image-1/settings/blocks")))
        sl = f"{HOME}/head-image-1/settings/content/mobile"
        out.append(vector(f"{fam}_a_mobile_slide_is_added_with_the_new_slide_defaults", fam,
                          [item("addItem", list={"list": "slides", "section": "head-image-1", "device": "mobile"})],
                          values={f"{sl}/1/heading/content": "Walk the walk.", f"{sl}/1/buttonLabel/title": "Shop Now Test",
                                  f"{sl}/1/position": "center"}, undoAll=True))
        dsk = f"{HOME}/head-image-1/settings/content/desktop"
        out.append(vector(f"{fam}_desktop_slides_are_reordered", fam,
                          [item("moveItem", list={"list": "slides", "section": "head-image-1", "device": "desktop"}, **{"from": 1, "to": 0})],
                          values={f"{dsk}/0/heading/content": "New arrivals"}))
        out.append(vector(f"{fam}_blocks_of_a_missing_section_are_refused", fam,
                          [item("addItem", list={"list": "sectionBlocks", "section": "ghost"})], error=err("section.notFound")))
        # Suggestions (element) are created when missing.
        sug = "/settings/element/search/suggestion_list"
        n = len(f.get("element", {}).get("search", {}).get("suggestion_list", []))
        out.append(vector(f"{fam}_a_search_suggestion_is_added", fam, [item("addItem", list={"list": "suggestions"})],
                          values={f"{sug}/{n}/value": ""}, undoAll=True))
    # Newchick-only lists.
    fd = f"{HOME}/flash-deal-1/settings/detail/blocks"
    out.append(vector("newchick_a_tenth_flash_detail_block_is_added", "newchick",
                      [item("addItem", list={"list": "flashDealDetail", "section": "flash-deal-1"})], values={f"{fd}/9/title": ""}))
    out.append(vector("newchick_an_eleventh_flash_detail_block_is_refused", "newchick",
                      [item("addItem", list={"list": "flashDealDetail", "section": "flash-deal-1"})] * 2,
                      error=err("list.full", fd, full(10, 10))))
    fb = f"{HOME}/flash-deal-1/settings/content/blocks"
    out.append(vector("newchick_a_collection_flash_block_is_added", "newchick",
                      [item("addItem", list={"list": "flashDealBlocks", "section": "flash-deal-1"}, blockType="collection")],
                      values={f"{fb}/2/type": "collection"}))
    out.append(vector("newchick_a_countdown_flash_block_lasts_5_days", "newchick",
                      [item("addItem", list={"list": "flashDealBlocks", "section": "flash-deal-1"})],
                      values={f"{fb}/2/type": "count-down", f"{fb}/2/time/day": 5}))
    out.append(vector("newchick_an_unknown_flash_block_type_is_refused", "newchick",
                      [item("addItem", list={"list": "flashDealBlocks", "section": "flash-deal-1"}, blockType="banner")],
                      error=err("value.notAllowed")))
    fi = "/pages/fixed/sections/footer/settings/infoWithIcon"
    out.append(vector("newchick_a_footer_info_line_has_the_defaults", "newchick", [item("addItem", list={"list": "footerInfo"})],
                      values={f"{fi}/1/title": "High-quality Goods", f"{fi}/1/subTitle": "Enjoy top quality items for less."}))
    out.append(vector("hydro_a_block_footer_has_no_info_lines", "hydro", [item("addItem", list={"list": "footerInfo"})],
                      error=err("list.wrongSection", fi)))
    out.append(vector("hydro_has_no_flash_deal_section", "hydro",
                      [item("addItem", list={"list": "flashDealDetail", "section": "flash-deal-1"})], error=err("section.notFound")))
    ce = f"{HOME}/dual-collection-1/settings/collectionEnd/blocks"
    out.append(vector("newchick_a_dual_collection_end_block_is_added", "newchick",
                      [item("addItem", list={"list": "collectionEnd", "section": "dual-collection-1"})], values={f"{ce}/0/title": ""}))
    return out


# ---------------------------------------------------------------- fonts and countdown (§4)
FAMILIES = ["Alata", "Mulish", "Poppins", "Open Sans", "Abril Fatface", "Quicksand", "Aclonica", "Quintessential",
            "Radley", "Rancho", "Rokkitt", "Share", "Sevillana", "Assistant", "Roboto", "Be Vietnam Pro"]


def fonts_and_countdown():
    out = []
    slots = ["type_header_family", "type_base_family", "type_product_description_family", "type_button_base_family"]
    for fam in ("hydro", "newchick"):
        for i, family in enumerate(FAMILIES):
            slot = slots[i % 4]
            p = f"/settings/typography/{slot}"
            out.append(vector(f"{fam}_choosing_{family.replace(' ', '_')}_resets_style_url_and_key", fam,
                              [{"kind": "chooseFontFamily", "slot": slot, "family": family}],
                              values={f"{p}/font": family, f"{p}/style": "", f"{p}/url": "", f"{p}/key": ""},
                              undoAll=(i % 4 == 0)))
        p = "/settings/typography/type_base_family"
        out.append(vector(f"{fam}_an_unknown_family_is_refused", fam,
                          [{"kind": "chooseFontFamily", "slot": "type_base_family", "family": "Comic Sans"}], error=err("font.unknownFamily")))
        # The url and key are the core's (the Google Fonts CSS2 address), whatever the command
        # carries.
        out.append(vector(f"{fam}_choosing_a_weight_sets_style_url_and_key", fam,
                          [{"kind": "chooseFontFamily", "slot": "type_base_family", "family": "Roboto"},
                           {"kind": "chooseFontWeight", "slot": "type_base_family", "style": "700italic",
                            "url": "https://fonts.example.com/roboto-700i.css", "key": "roboto-700i"}],
                          values={f"{p}/font": "Roboto", f"{p}/style": "700italic",
                                  f"{p}/url": "https://fonts.googleapis.com/css2?family=Roboto:ital,wght@1,700&display=swap",
                                  f"{p}/key": "roboto-700italic"}, undoAll=True))
        # The fixtures' heading font is Poppins: Thin 100 to Black 900, each with its italic
        # (fonts.google.com/specimen/Poppins); no 950.
        for style in ("100", "900italic", "400italic"):
            out.append(vector(f"{fam}_weight_{style}_is_accepted", fam,
                              [{"kind": "chooseFontWeight", "slot": "type_header_family", "style": style, "url": "u", "key": "k"}],
                              values={f"/settings/typography/type_header_family/style": style}))
        for style in ("1000", "bold", "450"):
            out.append(vector(f"{fam}_weight_{style}_is_refused", fam,
                              [{"kind": "chooseFontWeight", "slot": "type_header_family", "style": style, "url": "u", "key": "k"}],
                              error=err("font.unknownWeight")))
        # A weight the family does not come in (fonts.google.com): Poppins has no 950, Alata only
        # Regular 400, Quicksand no italics.
        for family, style, label, pick in [("Poppins", "950", "950 Extra Black", False), ("Alata", "700", "700 Bold", True),
                                           ("Quicksand", "400italic", "400 Regular Italic", True)]:
            chosen = [{"kind": "chooseFontFamily", "slot": "type_header_family", "family": family}] if pick else []
            out.append(vector(f"{fam}_{family.lower()}_{style}_is_refused_as_a_weight_the_family_lacks", fam,
                              chosen + [{"kind": "chooseFontWeight", "slot": "type_header_family", "style": style, "url": "u", "key": "k"}],
                              error=err("font.weightUnavailable", "", f"{family} does not come in {label}.")))
        # Countdown: getTime = now + ((day * 24 + hour) * 60 + min) * 60000; fixture has 0 d 0 h 10 min.
        t = "/settings/checkout/time"
        now = 1_700_000_000_000
        for unit, value, d, h, m in [("day", 1, 1, 0, 10), ("hour", 5, 0, 5, 10), ("min", 45, 0, 0, 45), ("day", 0, 0, 0, 10)]:
            expected = now + ((d * 24 + h) * 60 + m) * 60_000
            out.append(vector(f"{fam}_countdown_{unit}_{value}_recomputes_get_time", fam,
                              [{"kind": "setCountdown", "unit": unit, "value": value, "nowMs": now}],
                              values={f"{t}/{unit}": value, f"{t}/getTime": expected}, undoAll=True))
        expected = now + 500 + ((2 * 24 + 3) * 60 + 10) * 60_000
        out.append(vector(f"{fam}_countdown_parts_accumulate", fam,
                          [{"kind": "setCountdown", "unit": "day", "value": "2", "nowMs": now},
                           {"kind": "setCountdown", "unit": "hour", "value": 3, "nowMs": now + 500}],
                          values={f"{t}/day": 2, f"{t}/hour": 3, f"{t}/getTime": expected}))
        out.append(vector(f"{fam}_countdown_letters_are_an_invalid_number", fam,
                          [{"kind": "setCountdown", "unit": "min", "value": "ten", "nowMs": now}],
                          error=err("value.invalidNumber", f"{t}/min", INVALID)))
        out.append(vector(f"{fam}_countdown_refuses_a_time_before_1970", fam,
                          [{"kind": "setCountdown", "unit": "min", "value": 5, "nowMs": -1}],
                          error=err("value.badTime", f"{t}/getTime")))
    return out


# ---------------------------------------------------------------- malformed input
def malformed():
    out = []
    for fam in ("hydro", "newchick"):
        for label, cmd in [("unknown_kind", {"kind": "explode"}), ("missing_path", {"kind": "setField"}),
                           ("a_string", "addSection"), ("negative_position", {"kind": "moveSection", "key": "x", "to": -1}),
                           ("unknown_section_type", {"kind": "addSection", "key": "k", "sectionType": "carousel", "position": 0, "place": "above"}),
                           ("null", None), ("a_list", [1, 2])]:
            out.append(vector(f"{fam}_a_command_that_is_{label}_is_malformed", fam, [cmd], error=err("command.malformed")))
    for label, text, code in [("not_json", "{not json", "theme.notJson"), ("a_list", "[]", "theme.shape"),
                              ("pages_not_an_object", '{"id": 1, "pages": 3}', "theme.shape"),
                              ("no_pages", '{"id": 1}', "theme.shape"), ("empty", "", "theme.notJson"),
                              ("settings_not_an_object", '{"pages": {}, "settings": []}', "theme.shape")]:
        out.append({"name": f"a_config_that_is_{label}_is_refused", "configText": text, "commands": [],
                    "expect": {"loadError": code}})
    return out


# ---------------------------------------------------------------- history (§4, issue 5)
def history():
    out = []
    for fam in ("hydro", "newchick"):
        keys = order(fam)
        seq = [add("n1", "collection_list", 1), set_field(f"{HOME}/n1/settings/item_per_row", 4),
               {"kind": "moveSection", "key": "n1", "to": 0}, {"kind": "addItem", "list": {"list": "thankYouSteps"}},
               {"kind": "chooseFontFamily", "slot": "type_header_family", "family": "Rancho"},
               {"kind": "setCountdown", "unit": "hour", "value": 2, "nowMs": 1_000},
               {"kind": "removeSection", "key": keys[1]}]
        out.append(vector(f"{fam}_undo_after_a_mixed_sequence_restores_the_original", fam, seq,
                          values={f"{HOME}/n1/index": 0, f"{HOME}/n1/settings/item_per_row": 4},
                          absent=[f"{HOME}/{keys[1]}"], undoAll=True, version=len(seq)))
    return out


def main():
    groups = {"limits": limits(), "choices": choices(), "paths": paths(), "sections": sections(), "lists": lists(),
              "fonts_countdown": fonts_and_countdown(), "malformed": malformed(), "history": history()}
    total = 0
    names = set()
    for name, vectors in groups.items():
        for v in vectors:
            assert v["name"] not in names, v["name"]
            names.add(v["name"])
        with open(os.path.join(HERE, f"{name}.json"), "w") as f:
            json.dump(vectors, f, indent=1, ensure_ascii=False)
            f.write("\n")
        total += len(vectors)
    print(f"{total} vectors")


if __name__ == "__main__":
    main()
