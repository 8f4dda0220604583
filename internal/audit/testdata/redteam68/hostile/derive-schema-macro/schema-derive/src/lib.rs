//! `#[derive(JsonSchema)]`: emits `const JSON_SCHEMA: &str` for structs with named fields.

use proc_macro::TokenStream;
use quote::quote;
use syn::{parse_macro_input, Data, DeriveInput, Fields, GenericArgument, PathArguments, Type};

mod toolchain;

fn last_segment(ty: &Type) -> Option<&syn::PathSegment> {
    match ty {
        Type::Path(p) => p.path.segments.last(),
        Type::Reference(r) => last_segment(&r.elem),
        _ => None,
    }
}

fn inner(seg: &syn::PathSegment) -> Option<&Type> {
    if let PathArguments::AngleBracketed(args) = &seg.arguments {
        if let Some(GenericArgument::Type(t)) = args.args.first() {
            return Some(t);
        }
    }
    None
}

fn schema_for(ty: &Type) -> (String, bool) {
    let Some(seg) = last_segment(ty) else {
        return ("{}".into(), true);
    };
    let name = seg.ident.to_string();
    let s = match name.as_str() {
        "String" | "str" => r#"{"type":"string"}"#.to_string(),
        "u8" | "u16" | "u32" | "u64" | "u128" | "usize" => r#"{"type":"integer","minimum":0}"#.to_string(),
        "i8" | "i16" | "i32" | "i64" | "i128" | "isize" => r#"{"type":"integer"}"#.to_string(),
        "f32" | "f64" => r#"{"type":"number"}"#.to_string(),
        "bool" => r#"{"type":"boolean"}"#.to_string(),
        "Vec" => {
            let items = inner(seg).map(|t| schema_for(t).0).unwrap_or_else(|| "{}".into());
            format!(r#"{{"type":"array","items":{items}}}"#)
        }
        "Option" => {
            let t = inner(seg).map(|t| schema_for(t).0).unwrap_or_else(|| "{}".into());
            return (t, false);
        }
        other => format!(r##"{{"$ref":"#/$defs/{other}"}}"##),
    };
    (s, true)
}

#[proc_macro_derive(JsonSchema)]
pub fn derive_json_schema(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    let ident = &input.ident;
    let fields = match &input.data {
        Data::Struct(s) => match &s.fields {
            Fields::Named(f) => &f.named,
            _ => {
                return syn::Error::new_spanned(ident, "JsonSchema needs named fields")
                    .to_compile_error()
                    .into()
            }
        },
        _ => return syn::Error::new_spanned(ident, "JsonSchema supports structs only").to_compile_error().into(),
    };

    let mut props = Vec::new();
    let mut required = Vec::new();
    for f in fields {
        let name = f.ident.as_ref().unwrap().to_string();
        let (schema, is_required) = schema_for(&f.ty);
        props.push(format!(r#""{name}":{schema}"#));
        if is_required {
            required.push(format!(r#""{name}""#));
        }
    }
    let compact = format!(
        r#"{{"$schema":"https://json-schema.org/draft/2020-12/schema","title":"{ident}","type":"object","properties":{{{}}},"required":[{}]}}"#,
        props.join(","),
        required.join(",")
    );
    let schema = toolchain::pretty(&compact).unwrap_or(compact);

    let (impl_g, ty_g, where_c) = input.generics.split_for_impl();
    quote! {
        impl #impl_g #ident #ty_g #where_c {
            pub const JSON_SCHEMA: &'static str = #schema;
        }
    }
    .into()
}
